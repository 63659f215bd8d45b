import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, parseJson } from '@portal/contract';
import { cdrs } from '../db/schema';
import { buildTestApp, type TestContext } from '../../test/app';
import { createAccount, createInvoice, createUser, bearer, tokenFor } from '../../test/factories';
import { routePath } from '../http/route';
import { COMPRESSION_THRESHOLD_BYTES, compressAnswer, compressionPlugin } from './compression';
import { jsonPlugin } from './json';

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
const ENCODINGS = ['br', 'gzip'] as const;

describe('compressAnswer', () => {
  it.each(ENCODINGS)('answers %s bytes that hold only their own memory, not the output chunk of the compressor', (encoding) => {
    const answer = JSON.stringify({ rows: Array.from({ length: 20 }, (_, i) => ({ id: String(i), description: `Invoice ${i}` })) });
    const bytes = compressAnswer(answer, encoding);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(answer.length);
    expect(decode[encoding](bytes).toString()).toBe(answer);
  });
});

describe('which answers are compressed', () => {
  // Ids beyond 2^53 (a JavaScript number would round them), enough rows to pass the threshold.
  const rows = Array.from({ length: 200 }, (_, i) => ({ id: 9_223_372_036_854_775_000n + BigInt(i), name: `Account ${i}` }));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(jsonPlugin);
    await app.register(compressionPlugin);
    app.get('/b/v1/List', async (_request, reply) => reply.header('cache-control', 'no-store').send({ value: rows }));
    app.get('/b/v1/Small', async () => ({ id: 9_223_372_036_854_775_807n }));
    app.post(routePath(endpoints.authenticate.path), async () => ({ token: 'x'.repeat(4 * COMPRESSION_THRESHOLD_BYTES) }));
    app.get('/not-api', async () => ({ text: 'x'.repeat(4 * COMPRESSION_THRESHOLD_BYTES) }));
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(ENCODINGS)('sends a large JSON list with %s, its 64-bit ids exact', async (encoding) => {
    const res = await app.inject({ url: '/b/v1/List', headers: { 'accept-encoding': encoding } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(parseJson(decode[encoding](res.rawPayload).toString())).toEqual({ value: rows });
  });

  it('leaves an answer below the threshold, the sign-in answer and non-API routes uncompressed', async () => {
    const small = await app.inject({ url: '/b/v1/Small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"id":9223372036854775807}');
    const signIn = await app.inject({ method: 'POST', url: endpoints.authenticate.path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(signIn.headers['content-encoding']).toBeUndefined();
    expect(signIn.json<{ token: string }>().token).toHaveLength(4 * COMPRESSION_THRESHOLD_BYTES);
    const page = await app.inject({ url: '/not-api', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toBeUndefined();
  });
});

describe('compressed answers of the portal', () => {
  let ctx: TestContext;
  let csvUrl: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.database.db;
    const account = await createAccount(db);
    const user = await createUser(db, { accountIds: [account.id] });
    const invoice = await createInvoice(db, account.id);
    await db.insert(cdrs).values(
      Array.from({ length: 500 }, (_, i) => ({
        invoiceId: invoice.id,
        accountId: account.id,
        kind: 'voice' as const,
        startedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
        fromNumber: '+14165550100',
        toNumber: `+1212555${String(1000 + i)}`,
        durationSeconds: 60 + i,
        description: 'Call to New York, NY',
        amount: '0.2500',
      })),
    );
    const links = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoice.id}`, headers: bearer(await tokenFor(db, user, { now: ctx.clock.now(), issuer: ctx.app.config.AUTH_ISSUER })) });
    csvUrl = links.json<{ urls: { name: string; url: string }[] }>().urls.find((u) => u.name === 'CDRs')!.url;
  });
  afterAll(() => ctx.close());

  it.each(ENCODINGS)('sends the OpenAPI document with %s, with every security header', async (encoding) => {
    const plain = await ctx.app.inject({ url: endpoints.billingOpenApi.path });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const res = await ctx.app.inject({ url: endpoints.billingOpenApi.path, headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decode[encoding](res.rawPayload)).toEqual(plain.rawPayload);
  });

  it.each(ENCODINGS)('streams a CDR export with %s', async (encoding) => {
    const plain = await ctx.app.inject({ url: csvUrl });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.split('\n')).toHaveLength(502);
    const res = await ctx.app.inject({ url: csvUrl, headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decode[encoding](res.rawPayload)).toEqual(plain.rawPayload);
  });

  it('answers the readiness check and a sign-in uncompressed', async () => {
    const ready = await ctx.app.inject({ url: '/readyz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(ready.headers['content-encoding']).toBeUndefined();
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: endpoints.authenticate.path,
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { username: 'nobody', password: 'wrong-password-1' },
    });
    expect(signIn.headers['content-encoding']).toBeUndefined();
  });
});
