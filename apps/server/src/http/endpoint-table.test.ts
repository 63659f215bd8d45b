/**
 * The server and the contract's endpoint table agree both ways: every route of any service
 * comes from a row (with the row's access), and every row has its route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../test/app';
import { bearer, createUser, tokenFor } from '../../test/factories';
import { routePath } from './route';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('endpoint table and routes', () => {
  it('registers exactly one route per row, and no route of either service without a row', () => {
    const routes = ctx.app.routeTable.filter((r) => /^\/(a|b|p|\.well-known)\//.test(r.url)).map((r) => key(r.method, r.url));
    const rows = endpointList.map((row) => key(row.method, routePath(row.path)));
    expect(new Set(rows).size).toBe(rows.length);
    expect([...routes].sort()).toEqual([...rows].sort());
  });

  it('requires a session exactly on the rows that are not public', () => {
    const publicRoutes = new Map(ctx.app.routeTable.map((r) => [key(r.method, r.url), r.public]));
    const mismatched = endpointList.filter((row) => publicRoutes.get(key(row.method, routePath(row.path))) !== (row.access === 'public'));
    expect(mismatched.map((row) => `${row.method} ${row.path} (${row.access})`)).toEqual([]);
  });

  it('refuses a customer on Admin rows with 403 before looking at the input', async () => {
    const customer = await createUser(ctx.database.db);
    const headers = bearer(await tokenFor(ctx.database.db, customer));
    for (const row of endpointList.filter((r) => r.access === 'admin')) {
      const res = await ctx.app.inject({ method: row.method, url: row.path.replace(/\{\w+\}/g, 'not-an-id'), headers });
      expect([row.path, res.statusCode]).toEqual([row.path, 403]);
    }
  });
});
