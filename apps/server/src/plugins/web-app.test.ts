import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app';

let dist: string;
let ctx: TestContext;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  ctx = await buildTestApp({ config: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers client routes with index.html, for GET and HEAD', async () => {
    const get = await ctx.app.inject('/invoices/42');
    expect(get.statusCode).toBe(200);
    expect(get.body).toContain('<title>Portal</title>');
    expect(get.headers['cache-control']).toBe('no-cache');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/payments' });
    expect(head.statusCode).toBe(200);
  });

  it('keeps API prefixes and missing files as JSON 404s', async () => {
    const api = await ctx.app.inject('/b/v1/Missing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No such route: GET /b/v1/Missing' });
    const asset = await ctx.app.inject('/assets/missing.js');
    expect(asset.statusCode).toBe(404);
  });
});
