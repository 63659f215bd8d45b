/**
 * A NUL, a lone surrogate or broken UTF-8 in any string a caller can send (body, query or path
 * parameter of every row of the contract's endpoint table, found from its schemas, never listed by
 * hand) answers 400 `{ error }` and never reaches PostgreSQL (which would answer 500). So does a huge,
 * exponent-form or non-finite amount in every money field, and the answer names the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestContext } from '../test/app';
import { bearer, createAccount, createUser, tokenFor } from '../test/factories';
import { clientTokenFor } from '../test/api-clients';
import { routeInputs, withValueAt, type FieldPath } from '../test/schema-samples';
import { endpointList, type Endpoint } from '@portal/contract';
import { routePath } from './http/route';

/** Hostile strings as a JSON body carries them (decoded text). */
const BODY_TEXTS = { nul: 'a\u0000b', 'lone surrogate': '\ud800' };
/** Hostile strings as a URL or form carries them (already percent-encoded). */
const ENCODED_TEXTS = { nul: 'a%00b', 'invalid UTF-8': '%FF', 'encoded surrogate': '%ED%A0%80', 'unit separator': 'a%1Fb' };
/** Amounts no money field takes, as the JSON body's text writes them (numbers) or a string. */
const BODY_AMOUNTS = { '1e22': '1e22', '-1e100': '-1e100', '1e300': '1e300', '"1e5"': '"1e5"' };
/** The same as a query carries them (always text). */
const QUERY_AMOUNTS = { '1e22': '1e22', '-1e100': '-1e100', '1e300': '1e300', '"1e5"': '1e5' };
/** Stands in the sample body for the amount's literal text, replaced after JSON.stringify. */
const AMOUNT_MARK = '\u0001amount';

/** What only a path can carry: errors the router itself raises. */
const PATH_TEXTS = { ...ENCODED_TEXTS, 'truncated escape': '%E0%A4%A', overlong: '1'.repeat(101) };

interface Case {
  name: string;
  request: InjectOptions;
}

interface MoneyCase extends Case {
  /** The field the answer must name: its body path, or the query parameter. */
  field: string;
  inBody: boolean;
}

const encodeFlat = (values: Record<string, unknown>, replace?: { key: string; encoded: string }) =>
  Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${replace?.key === key ? replace.encoded : encodeURIComponent(String(value))}`)
    .join('&');

const isFlat = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => v === null || typeof v !== 'object');

const requestParts = (row: Endpoint, headers: Record<string, string>) => {
  const route = { method: row.method, url: routePath(row.path) };
  const inputs = routeInputs({ params: row.params, querystring: row.query, body: row.body });
  const params = inputs.params?.sample ?? {};
  const pathWith = (replace?: { key: string; encoded: string }) =>
    route.url.replace(/:(\w+)/g, (_, key: string) => (replace?.key === key ? replace.encoded : encodeURIComponent(String(params[key] ?? '1'))));
  const query = inputs.query ? `?${encodeFlat(inputs.query.sample)}` : '';
  const body = inputs.body?.sample;
  const base = (overrides: Partial<InjectOptions>): InjectOptions => ({
    method: route.method as InjectOptions['method'],
    url: `${pathWith()}${query}`,
    headers,
    ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }),
    ...overrides,
  });
  const title = `${route.method} ${route.url}`;
  return { inputs, pathWith, query, body, base, title };
};

const topKey = (path: FieldPath) => String(path[0]);

const casesOf = (row: Endpoint, headers: Record<string, string>): Case[] => {
  const { inputs, pathWith, query, body, base, title } = requestParts(row, headers);
  const cases: Case[] = [];

  for (const path of inputs.params?.strings ?? []) {
    for (const [kind, encoded] of Object.entries(PATH_TEXTS)) {
      cases.push({ name: `${title} path ${path.join('.')} ${kind}`, request: base({ url: `${pathWith({ key: topKey(path), encoded })}${query}` }) });
    }
  }
  for (const path of inputs.query?.strings ?? []) {
    for (const [kind, encoded] of Object.entries(ENCODED_TEXTS)) {
      const url = `${pathWith()}?${encodeFlat(inputs.query!.sample, { key: topKey(path), encoded })}`;
      cases.push({ name: `${title} query ${path.join('.')} ${kind}`, request: base({ url }) });
    }
  }
  for (const path of inputs.body?.strings ?? []) {
    for (const [kind, text] of Object.entries(BODY_TEXTS)) {
      const payload = JSON.stringify(withValueAt(body, path, text));
      cases.push({ name: `${title} JSON body ${path.join('.')} ${kind}`, request: base({ payload, headers: { ...headers, 'content-type': 'application/json' } }) });
    }
    if (isFlat(body) && path.length === 1) {
      for (const [kind, encoded] of Object.entries(ENCODED_TEXTS)) {
        // The field may belong to another branch of a union than the sample's: put it in so the hostile text is sent.
        const payload = encodeFlat({ ...body, [topKey(path)]: '' }, { key: topKey(path), encoded });
        cases.push({
          name: `${title} form body ${path.join('.')} ${kind}`,
          request: base({ payload, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } }),
        });
      }
    }
  }
  return cases;
};

const moneyCasesOf = (row: Endpoint, headers: Record<string, string>): MoneyCase[] => {
  const { inputs, pathWith, body, base, title } = requestParts(row, headers);
  const cases: MoneyCase[] = [];
  for (const path of inputs.query?.money ?? []) {
    for (const [kind, text] of Object.entries(QUERY_AMOUNTS)) {
      const url = `${pathWith()}?${encodeFlat({ ...inputs.query!.sample, [topKey(path)]: text })}`;
      cases.push({ name: `${title} query ${path.join('.')} ${kind}`, request: base({ url }), field: topKey(path), inBody: false });
    }
  }
  for (const path of inputs.body?.money ?? []) {
    for (const [kind, text] of Object.entries(BODY_AMOUNTS)) {
      const payload = JSON.stringify(withValueAt(body, path, AMOUNT_MARK)).replace(JSON.stringify(AMOUNT_MARK), text);
      cases.push({
        name: `${title} JSON body ${path.join('.')} ${kind}`,
        request: base({ payload, headers: { ...headers, 'content-type': 'application/json' } }),
        field: path.join('.'),
        inBody: true,
      });
    }
  }
  return cases;
};

describe('hostile text in every string a caller can send', () => {
  let ctx: TestContext;
  let cases: Case[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    const account = await createAccount(ctx.database.db);
    const admin = await createUser(ctx.database.db, { roles: ['Admin'], accountIds: [account.id] });
    const headers = bearer(await tokenFor(ctx.database.db, admin));
    // Provider API rows take an API client's token, not a person's.
    const clientHeaders = bearer(await clientTokenFor(ctx));
    cases = endpointList.flatMap((row) => casesOf(row, row.access === 'client' ? clientHeaders : headers));
  });
  afterAll(() => ctx?.close());

  it('covers the string fields of the sign-in, reset, search, filter, checkout and payment calls', () => {
    const names = cases.map((c) => c.name);
    for (const expected of [
      'POST /a/v1/Authenticate JSON body username nul',
      'POST /a/v1/Password/ResetEmail JSON body username nul',
      'GET /b/v1/Search query search nul',
      'GET /b/v1/Invoice/items query dnfilter nul',
      'GET /b/v1/checkoutapi/complete query session_id nul',
      'POST /b/v1/Payment/customerpayment JSON body payment.description nul',
      'POST /b/v1/checkoutapi/sandbox/:sessionId form body nameOnCard nul',
      'GET /b/v1/Invoice/details/:id path id nul',
      'POST /a/v1/Authenticate/passkey JSON body response.response.clientDataJSON nul',
      'POST /a/v1/Passkeys JSON body response.response.attestationObject lone surrogate',
      'DELETE /a/v1/Passkeys/:id path id nul',
    ]) {
      expect(names).toContain(expected);
    }
    expect(cases.length).toBeGreaterThan(300);
  });

  it('answers each with 400 (414 for an overlong path part) and a JSON error with the security headers, never 5xx', async () => {
    const failures: string[] = [];
    for (const { name, request } of cases) {
      const res = await ctx.app.inject(request);
      const error = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { error?: unknown }).error : undefined;
      const expected = name.endsWith(' overlong') ? 414 : 400;
      if (res.statusCode !== expected || typeof error !== 'string') failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.headers['x-frame-options'] !== 'DENY' || !res.headers['content-security-policy']) failures.push(`${name}: no security headers`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a \\u0000 escape inside a dnfilter string literal', async () => {
    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const filter = encodeURIComponent('InvoiceNumber.contains("a\\u0000")');
    const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Invoice/items?dnfilter=${filter}`, headers: bearer(await tokenFor(ctx.database.db, admin)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/control characters at position 23/);
  });
});

describe('hostile amounts in every money field a caller can send', () => {
  let ctx: TestContext;
  let cases: MoneyCase[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    const account = await createAccount(ctx.database.db);
    const admin = await createUser(ctx.database.db, { roles: ['Admin'], accountIds: [account.id] });
    const headers = bearer(await tokenFor(ctx.database.db, admin));
    // Provider API rows take an API client's token, not a person's.
    const clientHeaders = bearer(await clientTokenFor(ctx));
    cases = endpointList.flatMap((row) => moneyCasesOf(row, row.access === 'client' ? clientHeaders : headers));
  });
  afterAll(() => ctx?.close());

  it('covers the money fields of disputes, their resolution, payments, automatic payments and the usage explorer', () => {
    const names = cases.map((c) => c.name);
    for (const expected of [
      'POST /b/v1/Dispute JSON body amount 1e22',
      'POST /b/v1/Dispute/:id/resolve JSON body creditedAmount 1e22',
      'POST /b/v1/Dispute/:id/resolve JSON body creditedAmount "1e5"',
      'POST /b/v1/Payment/customerpayment JSON body payment.amount -1e100',
      'GET /b/v1/Usage/records/:accountId query minAmount 1e300',
      'PUT /b/v1/Account/:accountId/autopay JSON body fixedAmount "1e5"',
    ]) {
      expect(names, names.join('\n')).toContain(expected);
    }
  });

  it('answers each with 400 naming the field (and, in a body, the field\'s own message), never 5xx', async () => {
    const failures: string[] = [];
    for (const { name, request, field, inBody } of cases) {
      const res = await ctx.app.inject(request);
      const answer = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { error?: unknown; fields?: Record<string, string> }) : {};
      const named = typeof answer.error === 'string' && answer.error.includes(field) && (!inBody || typeof answer.fields?.[field] === 'string');
      if (res.statusCode !== 400 || !named) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });
});
