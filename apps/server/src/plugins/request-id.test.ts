import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { buildTestApp, type TestContext } from '../../test/app';
import { requestIdOf } from './request-id';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it.each([
    ['a proxy id, kept', 'req-7f3a.b:c@1/2+3=', 'same'],
    ['none, a new one', undefined, 'new'],
    ['too long, replaced', 'a'.repeat(129), 'new'],
    ['unsafe characters, replaced', 'abc\u001b[31m', 'new'],
    ['spaces (log forging), replaced', 'a b', 'new'],
  ] as const)('%s', async (_name, incoming, expected) => {
    const headers = incoming === undefined ? {} : { 'x-request-id': incoming };
    // genReqId makes request.id (every log line's reqId) from the same function.
    expect(requestIdOf({ headers } as IncomingMessage)).toMatch(expected === 'same' ? /^req-/ : UUID);
    const response = await ctx.app.inject({ url: '/healthz', headers });
    const echoed = response.headers['x-request-id'];
    if (expected === 'same') expect(echoed).toBe(incoming);
    else expect(echoed).toMatch(UUID);
  });

  it('is on error answers too', async () => {
    const response = await ctx.app.inject({ url: '/b/v1/Account/1', headers: { 'x-request-id': 'err-1' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('err-1');
  });
});
