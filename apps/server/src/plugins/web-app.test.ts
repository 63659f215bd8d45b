import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app';

// A dist folder as the web build writes it: text files above 256 bytes with `.br` and `.gz` beside them, the
// theme script inline in each page's <head> (apps/web/inline-theme-init.ts).
const themeScript = "document.documentElement.classList.toggle('dark', localStorage.getItem('theme') === 'dark');";
const indexHtml = `<!doctype html><title>Portal</title><script>${themeScript}</script>${'<p>Pay your bill.</p>'.repeat(100)}`;
// A page the build prerendered: served for its own path (apps/web/prerender-pages.ts).
const loginHtml = `<!doctype html><title>Portal</title><script>${themeScript}</script><div id="root" data-prerendered="/login">${'<input>'.repeat(200)}</div>`;
// Its variant with "Sign in with Microsoft", for deployments with single sign-on.
const loginSsoHtml = loginHtml.replace('data-prerendered="/login"', 'data-prerendered="/login" data-sso-listed');
// A public page sent without index.html's preloads of the portal (apps/web/portal-preloads.ts).
const forgotPasswordHtml = indexHtml.replace('<title>Portal</title>', '<title>Portal</title><!-- without the portal -->');
const appScript = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7919};`).join('\n');
const smallScript = 'export const tiny = 1;';

let dist: string;
let ctx: TestContext;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [file, text] of [
    ['index.html', indexHtml],
    ['login.html', loginHtml],
    ['login.sso.html', loginSsoHtml],
    ['forgot-password.html', forgotPasswordHtml],
    ['assets/app-core-abc123.js', appScript],
  ] as const) {
    await writeFile(path.join(dist, file), text);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(text, { level: 9 }));
  }
  await writeFile(path.join(dist, 'assets/small-abc123.js'), smallScript);
  ctx = await buildTestApp({ config: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('web app serving', () => {
  it("lets the pages' own inline script run, by its hash, and no other", async () => {
    const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    for (const url of ['/login', '/invoices', '/b/v1/Invoice/details/x']) {
      const policy = (await ctx.app.inject(url)).headers['content-security-policy'] as string;
      const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    }
  });

  it('answers client routes with index.html, for GET and HEAD', async () => {
    const get = await ctx.app.inject('/invoices/42');
    expect(get.statusCode).toBe(200);
    expect(get.body).toContain('<title>Portal</title>');
    expect(get.headers['cache-control']).toBe('no-cache');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/payments' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a prerendered page with its own HTML, for GET and HEAD, with or without a query', async () => {
    for (const url of ['/login', '/login?next=%2Finvoices']) {
      const get = await ctx.app.inject(url);
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toMatch(/^text\/html/);
      expect(get.headers['cache-control']).toBe('no-cache');
      expect(get.body).toBe(loginHtml);
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    // Other pages, and paths that only start like it, keep the app's shell.
    for (const url of ['/login-callback', '/login/', '/']) expect((await ctx.app.inject(url)).body).toBe(indexHtml);
  });

  it('answers any page the build wrote an HTML file for with that file', async () => {
    expect((await ctx.app.inject('/forgot-password?email=a%40b.example')).body).toBe(forgotPasswordHtml);
    const br = await ctx.app.inject({ url: '/forgot-password', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(forgotPasswordHtml);
    expect((await ctx.app.inject('/forgot-password/more')).body).toBe(indexHtml);
  });

  it('sends the page without single sign-on where it is not configured', async () => {
    expect((await ctx.app.inject('/login')).body).toBe(loginHtml);
    // The variant is a file of the page, not a page of its own.
    expect((await ctx.app.inject('/login.sso')).statusCode).toBe(404);
  });

  it('sends the single sign-on variant of a prerendered page where it is configured, compressed too', async () => {
    const sso = await buildTestApp({ config: { WEB_DIST: dist, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' } });
    try {
      expect((await sso.app.inject('/login')).body).toBe(loginSsoHtml);
      const br = await sso.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(loginSsoHtml);
      // Pages the build made no variant of are the same for every deployment.
      expect((await sso.app.inject('/invoices')).body).toBe(indexHtml);
    } finally {
      await sso.close();
    }
  });

  it('keeps API prefixes and missing files as JSON 404s', async () => {
    const api = await ctx.app.inject('/b/v1/Missing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No such route: GET /b/v1/Missing' });
    const asset = await ctx.app.inject('/assets/missing.js');
    expect(asset.statusCode).toBe(404);
  });

  it.each(['br', 'gzip'] as const)('sends an asset as the build compressed it with %s', async (encoding) => {
    const res = await ctx.app.inject({ url: '/assets/app-core-abc123.js', headers: { 'accept-encoding': `${encoding}, identity` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.rawPayload.length).toBeLessThan(appScript.length / 2);
    expect(decode[encoding](res.rawPayload).toString()).toBe(appScript);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-core-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(appScript);
    const none = await ctx.app.inject('/assets/app-core-abc123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(appScript);
  });

  it.each(['br', 'gzip'] as const)('sends index.html, the client-route fallback and a prerendered page compressed with %s', async (encoding) => {
    for (const [url, html] of [
      ['/index.html', indexHtml],
      ['/invoices/42', indexHtml],
      ['/login', loginHtml],
    ] as const) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(decode[encoding](res.rawPayload).toString()).toBe(html);
    }
  });

  it('never compresses an asset per request: a file without compressed siblings goes as it is', async () => {
    const res = await ctx.app.inject({ url: '/assets/small-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(smallScript);
  });

  it('does not serve the compressed files under their own names', async () => {
    const res = await ctx.app.inject('/assets/app-core-abc123.js.br');
    expect(res.statusCode).toBe(404);
  });

  it('answers HEAD of an asset with its headers only', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-core-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('');
  });

  it('serves nothing outside the build, and answers the assets folder itself with the app', async () => {
    const outside = `${path.basename(dist)}.secret`;
    await writeFile(path.join(dist, '..', outside), 'outside the build');
    try {
      for (const url of [`/assets/..%2f..%2f${outside}`, `/assets/%2e%2e/%2e%2e/${outside}`, `/assets/..%5c..%5c${outside}`, `/assets//../../${outside}`]) {
        const res = await ctx.app.inject(url);
        expect(res.body).not.toContain('outside the build');
        // Refused, or, where the address resolved its dots first, a client route.
        if (res.statusCode === 200) expect(res.body).toBe(indexHtml);
        else expect([403, 404]).toContain(res.statusCode);
      }
    } finally {
      await rm(path.join(dist, '..', outside));
    }
    expect((await ctx.app.inject('/assets/')).body).toBe(indexHtml);
  });
});
