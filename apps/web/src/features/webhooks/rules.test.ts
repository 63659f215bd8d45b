import {
  deliveryOutcome,
  deliveryShown,
  durationText,
  endpointFormErrors,
  localDateTimeValue,
  replayRange,
  statusCodeText,
  type DeliveryFilter,
} from './rules';

describe('endpointFormErrors: an absolute http(s) address, at least one event type, a short description', () => {
  const form = (url: string, events: string[] = ['payment.succeeded'], description = '') => ({ url, events, description });
  it.each([
    ['https://bss.example.com/hooks', {}],
    ['  https://bss.example.com/hooks  ', {}],
    ['http://127.0.0.1:4000/receiver', {}],
    ['', { url: 'urlRequired' }],
    ['   ', { url: 'urlRequired' }],
    ['bss.example.com/hooks', { url: 'urlInvalid' }],
    ['ftp://bss.example.com/hooks', { url: 'urlInvalid' }],
    ['javascript:alert(1)', { url: 'urlInvalid' }],
    ['https://', { url: 'urlInvalid' }],
    ['https://bss:hunter2@bss.example.com/hooks', { url: 'urlWithCredentials' }],
    ['https://token@bss.example.com/hooks', { url: 'urlWithCredentials' }],
  ])('%j → %j', (url, errors) => {
    expect(endpointFormErrors(form(url))).toEqual(errors);
  });
  it('asks for an event type and refuses a description above 200 characters', () => {
    expect(endpointFormErrors(form('https://a.example', [], 'x'.repeat(201)))).toEqual({ events: 'eventsRequired', description: 'descriptionTooLong' });
    expect(endpointFormErrors(form('https://a.example', ['dispute.opened'], ` ${'x'.repeat(200)} `))).toEqual({});
  });
});

describe('deliveryOutcome and statusCodeText: how a delivery is worded', () => {
  const at = '2026-12-01T10:00:00.000Z';
  const next = '2026-12-01T10:05:00.000Z';
  it.each([
    [{ statusCode: 200, attemptedAt: at, nextAttemptAt: null }, 'delivered', '200'],
    [{ statusCode: 204, attemptedAt: at, nextAttemptAt: null }, 'delivered', '204'],
    [{ statusCode: 299, attemptedAt: at, nextAttemptAt: null }, 'delivered', '299'],
    [{ statusCode: null, attemptedAt: null, nextAttemptAt: next }, 'pending', 'Not sent yet'],
    [{ statusCode: 500, attemptedAt: at, nextAttemptAt: next }, 'retrying', '500'],
    [{ statusCode: 302, attemptedAt: at, nextAttemptAt: next }, 'retrying', '302'], // redirects are not followed
    [{ statusCode: null, attemptedAt: at, nextAttemptAt: next }, 'retrying', 'No answer'], // a timeout
    [{ statusCode: 410, attemptedAt: at, nextAttemptAt: null }, 'failed', '410'],
    [{ statusCode: null, attemptedAt: at, nextAttemptAt: null }, 'failed', 'No answer'],
  ])('%j → %s, %s', (delivery, outcome, code) => {
    expect(deliveryOutcome(delivery)).toBe(outcome);
    expect(statusCodeText(delivery, { notSent: 'Not sent yet', noAnswer: 'No answer' })).toBe(code);
  });
});

describe('durationText: milliseconds below a second, seconds above', () => {
  it.each([
    [0, 'en', '0 ms'],
    [850, 'en', '850 ms'],
    [999.4, 'en', '999 ms'],
    [999.6, 'en', '1 s'],
    [12_345, 'en', '12 s'],
    [1000, 'en', '1 s'],
    [1234, 'en', '1.2 s'],
    [9960, 'en', '10 s'],
    [10_000, 'en', '10 s'],
    [1234, 'fr', '1,2 s'],
    [850, 'fr', '850 ms'],
  ] as const)('%s ms in %s → %s', (ms, language, text) => {
    expect(durationText(ms, language).replace(/\s/g, ' ')).toBe(text);
  });
});

describe('deliveryShown: which deliveries a filter shows', () => {
  const at = '2026-12-01T10:00:00.000Z';
  const delivered = { eventType: 'payment.succeeded', statusCode: 200, attemptedAt: at, nextAttemptAt: null };
  const retrying = { eventType: 'payment.succeeded', statusCode: 503, attemptedAt: at, nextAttemptAt: at };
  const failed = { eventType: 'dispute.opened', statusCode: null, attemptedAt: at, nextAttemptAt: null };
  const pending = { eventType: 'dispute.opened', statusCode: null, attemptedAt: null, nextAttemptAt: at };
  const all = { delivered, retrying, failed, pending };
  it.each([
    [{ outcome: '', eventType: '' }, ['delivered', 'retrying', 'failed', 'pending']],
    [{ outcome: 'failed', eventType: '' }, ['failed']],
    [{ outcome: 'retrying', eventType: '' }, ['retrying']],
    [{ outcome: '', eventType: 'dispute.opened' }, ['failed', 'pending']],
    [{ outcome: 'delivered', eventType: 'dispute.opened' }, []],
    [{ outcome: 'pending', eventType: 'dispute.opened' }, ['pending']],
    [{ outcome: '', eventType: 'invoice.posted' }, []],
  ] satisfies [DeliveryFilter, string[]][])('%j → %j', (filter, shown) => {
    expect(Object.entries(all).flatMap(([name, delivery]) => (deliveryShown(filter, delivery) ? [name] : []))).toEqual(shown);
  });
});

describe('replayRange: every failed delivery between two moments', () => {
  const now = new Date('2026-12-03T15:00:00Z');
  it.each([
    [{ from: '2026-12-01T10:00:00Z', to: '2026-12-02T10:00:00Z' }, {}, { from: '2026-12-01T10:00:00.000Z', to: '2026-12-02T10:00:00.000Z' }],
    [{ from: '2026-12-01T10:00:00Z', to: '2026-12-01T10:00:00Z' }, {}, { from: '2026-12-01T10:00:00.000Z', to: '2026-12-01T10:00:00.000Z' }],
    [{ from: '2026-12-01T10:00:00Z', to: '2026-12-09T10:00:00Z' }, {}, { from: '2026-12-01T10:00:00.000Z', to: '2026-12-09T10:00:00.000Z' }],
    [{ from: '', to: '2026-12-02T10:00:00Z' }, { from: 'fromRequired' }, null],
    [{ from: '2026-12-01T10:00:00Z', to: '' }, { to: 'toRequired' }, null],
    [{ from: 'soon', to: 'later' }, { from: 'fromRequired', to: 'toRequired' }, null],
    [{ from: '2026-12-02T10:00:00Z', to: '2026-12-01T10:00:00Z' }, { to: 'toBeforeFrom' }, null],
    [{ from: '2026-12-04T10:00:00Z', to: '2026-12-05T10:00:00Z' }, { from: 'fromInFuture' }, null],
  ])('%j → %j', (form, errors, range) => {
    expect(replayRange(form, now)).toEqual({ errors, range });
  });
});

describe('localDateTimeValue: an instant as a datetime-local value in the browser’s zone', () => {
  it('round-trips through the Date the form reads back, to the minute', () => {
    const instant = new Date('2026-12-03T15:42:37.120Z');
    const value = localDateTimeValue(instant);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(value).toISOString()).toBe('2026-12-03T15:42:00.000Z');
  });
});
