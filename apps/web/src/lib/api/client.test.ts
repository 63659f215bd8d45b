import { endpoints, RequiredParameterError } from '@portal/contract';
import { json, makeToken, mockFetch } from '@/test/utils';
import { i18n } from '../i18n/translate';
import { getLastActivity } from '../session/activity';
import { getSession, startSession } from '../session/session-store';
import { readSignOutReason } from '../session/sign-out-reason';
import { api, ApiError, buildQuery, errorMessage, fileNameOf, NullParameterError, urlFor } from './client';
import { setUnauthorizedHandler } from './unauthorized';

const invoice = {
  id: 9007199254740993n,
  accountId: 1001n,
  invoiceNumber: 'INV-1',
  startDate: '2025-01-01',
  endDate: '2025-01-31',
  dueDate: '2025-02-15',
  postedDate: '2025-02-01T00:00:00Z',
  amount: 10.5,
  currency: 'CAD',
  owing: 10.5,
  credited: 0,
  s3UrlDetails: { urls: [{ name: 'PDF', url: '/docs/1.pdf' }] },
};

describe('api client', () => {
  it('sends the bearer token and parses 64-bit ids losslessly with the contract schema', async () => {
    const token = makeToken();
    startSession(token, false);
    const { calls } = mockFetch(() => json({ value: [invoice], count: 1 }));
    const page = await api.call(endpoints.invoices, {
      query: { dnfilter: 'AccountId==1001 && State=="Posted"', take: 2, count: 'true', skip: undefined },
    });
    expect(page.value[0]!.id).toBe(9007199254740993n);
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]!.url.pathname).toBe('/b/v1/Invoice/items');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      dnfilter: 'AccountId==1001 && State=="Posted"',
      take: '2',
      count: 'true',
    });
  });

  it('sends no Authorization header without a session, and writes bigint bodies as JSON integers', async () => {
    const fetchMock = mockFetch(() =>
      json({
        id: 9007199254740993n,
        username: 'sam',
        email: null,
        name: 'Sam',
        status: 'active',
        roles: [],
        accounts: [{ accountId: 9007199254740993n, listName: 'Sam Household (C-1)' }],
        twoFactorEnabled: false,
        createdAt: '2025-01-01T00:00:00Z',
        lockedOutUntil: null,
      }),
    );
    await api.call(endpoints.approveUser, { params: { id: 9007199254740993n }, body: { accountIds: [9007199254740993n] } });
    const init = fetchMock.fn.mock.calls[0]![1]!;
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(init.body).toBe('{"accountIds":[9007199254740993]}');
    expect(fetchMock.calls[0]!.url.pathname).toBe('/a/v1/Users/9007199254740993/approve');
  });

  it('sends extra headers beside the ones it owns', async () => {
    const fetchMock = mockFetch(() => json({ payment: null, error: null }));
    await api.call(endpoints.customerPayment, {
      query: {},
      body: {} as never,
      headers: { 'Idempotency-Key': 'k-1', Accept: 'text/html' },
    });
    const headers = new Headers(fetchMock.fn.mock.calls[0]![1]!.headers);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it.each(['en', 'fr'])('asks the server for its texts in the language shown (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const fetchMock = mockFetch(() => json({ successful: false, token: null, error: 'x' }));
    await api.call(endpoints.authenticate, { body: { username: 'pat', password: 'p' } });
    expect(new Headers(fetchMock.fn.mock.calls[0]![1]!.headers).get('Accept-Language')).toBe(language);
    await i18n.changeLanguage('en');
  });

  it('answers undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.call(endpoints.clearAllNotifications, { query: { accountId: 1001n } })).resolves.toBeUndefined();
  });

  it('throws ApiError with status, body, headers and the server text for other statuses', async () => {
    mockFetch(() => json({ error: 'Invoice not found' }, 404, { 'X-Request-Id': 'abc' }));
    const error = await api.call(endpoints.invoice, { params: { id: 5n } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('An unexpected server error occurred.');
    expect(apiError.status).toBe(404);
    expect(apiError.body).toEqual({ error: 'Invoice not found' });
    expect(apiError.serverMessage).toBe('Invoice not found');
    expect(apiError.headers.get('X-Request-Id')).toBe('abc');
    expect(errorMessage(apiError, 'fallback')).toBe('Invoice not found');
  });

  it.each([201, 202, 302, 500])('treats %i as an error', async (status) => {
    mockFetch(() => new Response('oops', { status }));
    await expect(api.call(endpoints.search, { query: { search: 'x' } })).rejects.toMatchObject({ status, body: 'oops' });
  });

  it('reads the 201 of a row that answers it when it creates', async () => {
    const endpoint = { id: 7n, url: 'https://bss.example/hooks', events: ['invoice.posted'], description: '', orderedPerAccount: false, status: 'active', disabledReason: null, disabledAt: null, failingSince: null, createdAt: '2026-12-01T10:00:00.000Z', secretIssuedAt: '2026-12-01T10:00:00.000Z', previousSecretExpiresAt: null };
    mockFetch(() => json({ endpoint, secret: 'whsec_c2VjcmV0' }, 201));
    await expect(api.call(endpoints.registerWebhookEndpoint, { body: { url: endpoint.url, events: ['invoice.posted'] } })).resolves.toEqual({ endpoint, secret: 'whsec_c2VjcmV0' });
  });

  it('on 401 ends the session in both stores and sends the user to /login', async () => {
    localStorage.setItem('token', makeToken());
    sessionStorage.setItem('token', makeToken());
    startSession(makeToken(), true);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => json({ error: 'Token expired' }, 401));
    await expect(api.call(endpoints.account, { params: { accountId: 1n } })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on the step-up challenge of a sensitive change keeps the session and throws an error that says so', async () => {
    const token = makeToken();
    startSession(token, true);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() =>
      json({ error: 'For your security, confirm your password to make this change.' }, 401, {
        'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=600',
      }),
    );
    const error = await api.call(endpoints.twoFactorDisable, { body: { code: '123456' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).needsReauthentication).toBe(true);
    expect(getSession()?.token).toBe(token);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("keeps the service's reason for a 401 of a signed-in call, for the login screen to show", async () => {
    startSession(makeToken(), false);
    setUnauthorizedHandler(() => undefined);
    mockFetch(() => json({ error: 'Your session has ended. Please log in again.' }, 401));
    await expect(api.call(endpoints.sessions)).rejects.toMatchObject({ status: 401 });
    expect(readSignOutReason()).toBe('Your session has ended. Please log in again.');
  });

  it('keeps no reason for a 401 without a session (nobody was signed out)', async () => {
    setUnauthorizedHandler(() => undefined);
    mockFetch(() => json({ error: 'Please log in to continue.' }, 401));
    await expect(api.call(endpoints.sessions)).rejects.toMatchObject({ status: 401 });
    expect(readSignOutReason()).toBeNull();
  });

  it('counts every request as session activity', async () => {
    const before = getLastActivity();
    await new Promise((resolve) => setTimeout(resolve, 5));
    mockFetch(() => json({ value: [] }));
    await api.call(endpoints.sessions);
    expect(getLastActivity()).toBeGreaterThan(before);
  });

  it('rejects answers that do not match the contract', async () => {
    mockFetch(() => json({ successful: 'yes' }));
    await expect(api.call(endpoints.authenticate, { body: { username: 'a', password: 'b' } })).rejects.toThrow();
  });
});

describe('downloads behind the session (receipts, statements)', () => {
  it('sends the bearer token, accepts the row’s file types and answers the bytes with the server’s file name', async () => {
    const token = makeToken();
    startSession(token, false);
    const { calls } = mockFetch(
      () => new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="Receipt-7.pdf"; filename*=UTF-8''Receipt-7.pdf` } }),
    );
    const file = await api.download(endpoints.paymentReceipt, { params: { paymentId: 7n } });
    expect(await file.blob.text()).toBe('%PDF-1.3');
    expect(file.fileName).toBe('Receipt-7.pdf');
    expect(calls[0]!.url.pathname).toBe('/b/v1/Payment/7/receipt');
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]!.headers.get('Accept')).toBe('application/pdf');
  });

  it('throws ApiError with the server text for a refusal, like a call', async () => {
    mockFetch(() => json({ error: 'The start date (from) must be on or before the end date (to).' }, 400));
    const refused = api.download(endpoints.accountStatement, { params: { accountId: 1001n }, query: { from: '2025-02-01', to: '2025-01-01', format: 'csv' } });
    await expect(refused).rejects.toMatchObject({ status: 400, serverMessage: 'The start date (from) must be on or before the end date (to).' });
  });

  it.each([
    [`attachment; filename="Statement-1-2025-01-01-to-2025-01-31.csv"`, 'Statement-1-2025-01-01-to-2025-01-31.csv'],
    ['attachment', null],
    [null, null],
  ])('reads the file name of %j', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});

describe('parameters', () => {
  it('fills and encodes path parameters', () => {
    expect(urlFor(endpoints.accountPeriod, { params: { accountId: 12n, startDate: '2025-01-01', endDate: '2025-01-31' } })).toBe(
      '/b/v1/Account/12/2025-01-01/2025-01-31',
    );
    expect(urlFor(endpoints.invoice, { params: { id: 'a/b' } })).toBe('/b/v1/Invoice/a%2Fb');
  });

  it.each([undefined, null, ''])('a missing required parameter (%j) says it must be defined', (value) => {
    expect(() => urlFor(endpoints.invoice, { params: { id: value } })).toThrow(new RequiredParameterError('id'));
    expect(() => urlFor(endpoints.invoice, { params: { id: value } })).toThrow("Required parameter 'id' must be defined.");
  });

  it('a null optional flag cannot be null; undefined is omitted', () => {
    expect(() => buildQuery({ autoAssignPayment: null })).toThrow(new NullParameterError('autoAssignPayment'));
    expect(() => buildQuery({ autoAssignPayment: null })).toThrow("Parameter 'autoAssignPayment' cannot be null.");
    expect(buildQuery({ a: undefined })).toBe('');
    expect(buildQuery({ flag: true, id: 1n, text: 'a b' })).toBe('?flag=true&id=1&text=a+b');
  });

  it('never calls fetch when a parameter is missing', async () => {
    const { fn } = mockFetch(() => json({}));
    await expect(api.call(endpoints.invoiceDetails, { params: {} as never })).rejects.toBeInstanceOf(RequiredParameterError);
    expect(fn).not.toHaveBeenCalled();
  });
});
