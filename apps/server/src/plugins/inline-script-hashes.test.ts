import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, webAppScriptHashes } from './inline-script-hashes';

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it.each([
    ['no script', '<head><title>x</title></head>', []],
    ['an external script', '<script src="/a.js"></script>', []],
    ['a module script', '<script type="module" src="/m.js"></script>', []],
    ['one inline script, its text exactly', '<script>\n  var é = 1;\n</script>', [hashOf('\n  var é = 1;\n')]],
    ['the same script twice', '<script>a()</script><p></p><script>a()</script>', [hashOf('a()')]],
    ['two scripts', '<script>a()</script><script>b()</script>', [hashOf('a()'), hashOf('b()')]],
  ])('%s', (_what, html, hashes) => expect(inlineScriptHashes(html)).toEqual(hashes));

  it("matches the CSP specification's own example hash", () => {
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"]);
  });
});

describe('webAppScriptHashes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes the inline scripts of every page of the build, each once, and reads nothing else', () => {
    writeFileSync(path.join(dir, 'index.html'), '<script>theme()</script><script type="module" src="/m.js"></script>');
    writeFileSync(path.join(dir, 'login.html'), '<script>theme()</script>');
    writeFileSync(path.join(dir, 'login.sso.html'), '<script>theme(1)</script>');
    writeFileSync(path.join(dir, 'theme.js'), '<script>not a page</script>');
    expect(webAppScriptHashes(dir)).toEqual([hashOf('theme()'), hashOf('theme(1)')].sort());
  });

  it('allows none when the web app is not built', () => {
    expect(webAppScriptHashes(path.join(dir, 'missing'))).toEqual([]);
  });
});
