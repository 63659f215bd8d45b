import { EVENT_TYPES } from '@portal/contract';
import {
  attemptCodeOf,
  deliveriesQueryOf,
  durationText,
  endpointFormErrors,
  eventsShown,
  localDateTimeValue,
  NO_DELIVERY_FILTER,
  replayPeriod,
  statusCodeOf,
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
    [`https://bss.example.com/${'a'.repeat(2000)}`, { url: 'urlTooLong' }],
    ['https://bss:hunter2@bss.example.com/hooks', { url: 'urlWithCredentials' }],
    ['https://token@bss.example.com/hooks', { url: 'urlWithCredentials' }],
  ])('%j → %j', (url, errors) => {
    expect(endpointFormErrors(form(url))).toEqual(errors);
  });
  it('asks for an event type and refuses a description above 200 characters', () => {
    expect(endpointFormErrors(form('https://a.example', [], 'x'.repeat(201)))).toEqual({
      events: 'eventsRequired',
      description: 'descriptionTooLong',
    });
    expect(endpointFormErrors(form('https://a.example', ['dispute.opened'], ` ${'x'.repeat(200)} `))).toEqual({});
  });
});

describe('eventsShown: every type, or each one in the contract’s order', () => {
  it.each([
    [[...EVENT_TYPES], 'all'],
    [[...EVENT_TYPES].reverse(), 'all'],
    [
      ['dispute.opened', 'payment.succeeded'],
      ['payment.succeeded', 'dispute.opened'],
    ],
    [EVENT_TYPES.slice(1), EVENT_TYPES.slice(1)],
    [[], []],
  ] as const)('%j → %j', (events, shown) => {
    expect(eventsShown(events)).toEqual(shown);
  });
});

describe('statusCodeOf: the receiver’s code, or why there is none', () => {
  const at = '2026-12-01T10:00:00.000Z';
  it.each([
    [{ lastStatusCode: 200, lastOutcome: 'succeeded', lastAttemptAt: at }, 200],
    [{ lastStatusCode: 500, lastOutcome: 'http_error', lastAttemptAt: at }, 500],
    [{ lastStatusCode: 302, lastOutcome: 'http_error', lastAttemptAt: at }, 302], // redirects are not followed
    [{ lastStatusCode: null, lastOutcome: null, lastAttemptAt: null }, 'notSent'],
    [{ lastStatusCode: null, lastOutcome: 'timeout', lastAttemptAt: at }, 'timeout'],
    [{ lastStatusCode: null, lastOutcome: 'network_error', lastAttemptAt: at }, 'noConnection'],
    [{ lastStatusCode: null, lastOutcome: 'refused', lastAttemptAt: at }, 'refused'],
  ] as const)('%j → %s', (delivery, shown) => {
    expect(statusCodeOf(delivery)).toBe(shown);
  });
  it.each([
    [{ statusCode: 204, outcome: 'succeeded' }, 204],
    [{ statusCode: 404, outcome: 'http_error' }, 404],
    [{ statusCode: null, outcome: 'timeout' }, 'timeout'],
    [{ statusCode: null, outcome: 'network_error' }, 'noConnection'],
    [{ statusCode: null, outcome: 'refused' }, 'refused'],
  ] as const)('an attempt %j → %s', (attempt, shown) => {
    expect(attemptCodeOf(attempt)).toBe(shown);
  });
});

describe('durationText: milliseconds below a second, seconds above', () => {
  it.each([
    [0, 'en', '0 ms'],
    [850, 'en', '850 ms'],
    [999.4, 'en', '999 ms'],
    [999.6, 'en', '1 s'],
    [1234, 'en', '1.2 s'],
    [9960, 'en', '10 s'],
    [12_345, 'en', '12 s'],
    [1234, 'fr', '1,2 s'],
    [850, 'fr', '850 ms'],
  ] as const)('%s ms in %s → %s', (ms, language, text) => {
    expect(durationText(ms, language).replace(/\s/g, ' ')).toBe(text);
  });
});

describe('deliveriesQueryOf: the query a choice of filters asks', () => {
  const filter = (fields: Partial<DeliveryFilter>): DeliveryFilter => ({ ...NO_DELIVERY_FILTER, ...fields });
  it.each([
    [filter({}), {}, {}],
    [filter({ outcome: 'failed' }), { outcome: 'failed' }, {}],
    [filter({ outcome: 'succeeded', eventType: 'webhook.test' }), { outcome: 'succeeded', eventType: 'webhook.test' }, {}],
    [
      filter({ eventType: 'dispute.opened', from: '2026-12-01T10:00:00Z' }),
      { eventType: 'dispute.opened', from: '2026-12-01T10:00:00.000Z' },
      {},
    ],
    [
      filter({ from: '2026-12-01T10:00:00Z', to: '2026-12-02T10:00:00Z' }),
      { from: '2026-12-01T10:00:00.000Z', to: '2026-12-02T10:00:00.000Z' },
      {},
    ],
    [filter({ to: '2026-12-02T10:00:00Z' }), { to: '2026-12-02T10:00:00.000Z' }, {}],
    [
      filter({ from: '2026-12-02T10:00:00Z', to: '2026-12-01T10:00:00Z' }),
      { from: '2026-12-02T10:00:00.000Z' },
      { to: 'toBeforeFrom' },
    ],
    [filter({ outcome: 'pending', from: 'soon' }), { outcome: 'pending' }, { from: 'dateInvalid' }],
  ] as const)('%j → %j, errors %j', (chosen, query, errors) => {
    expect(deliveriesQueryOf(chosen)).toEqual({ query, errors });
  });
});

describe('replayPeriod: every failed delivery between two moments', () => {
  const now = new Date('2026-12-03T15:00:00Z');
  it.each([
    [
      { from: '2026-12-01T10:00:00Z', to: '2026-12-02T10:00:00Z' },
      {},
      { from: '2026-12-01T10:00:00.000Z', to: '2026-12-02T10:00:59.999Z' },
    ],
    [
      { from: '2026-12-01T10:00:00Z', to: '2026-12-01T10:00:00Z' },
      {},
      { from: '2026-12-01T10:00:00.000Z', to: '2026-12-01T10:00:59.999Z' },
    ],
    [
      { from: '2026-12-01T10:00:00Z', to: '2026-12-09T10:00:30Z' },
      {},
      { from: '2026-12-01T10:00:00.000Z', to: '2026-12-09T10:00:59.999Z' },
    ],
    [{ from: '', to: '2026-12-02T10:00:00Z' }, { from: 'fromRequired' }, null],
    [{ from: '2026-12-01T10:00:00Z', to: '' }, { to: 'toRequired' }, null],
    [{ from: 'soon', to: 'later' }, { from: 'fromRequired', to: 'toRequired' }, null],
    [{ from: '2026-12-02T10:00:00Z', to: '2026-12-01T10:00:00Z' }, { to: 'toBeforeFrom' }, null],
    [{ from: '2026-12-04T10:00:00Z', to: '2026-12-05T10:00:00Z' }, { from: 'fromInFuture' }, null],
  ])('%j → %j', (form, errors, period) => {
    expect(replayPeriod(form, now)).toEqual({ errors, period });
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
