import { describe, expect, it } from 'vitest';
import { injectPage, pageFile } from './prerender-pages';

// index.html as Vite writes it: one module script (the app's entry) and the modules it preloads.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-core-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/public-shell-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PLAIN = { ssoListed: false };
const PAGE_CSS = 'body{color:#111}';

describe('injectPage', () => {
  const page = injectPage(indexHtml, '/login', 'en', PLAIN, '<form><input name="username"></form>', '/assets/hydrate-E5.js', PAGE_CSS);

  it('puts the markup in #root, marked with the page and its language, inert until the app has taken it over', () => {
    expect(page).toContain(
      '<div id="root" inert data-prerendered="/login" data-prerendered-language="en"><form><input name="username"></form></div>',
    );
  });

  it('marks #root of the single sign-on variant, so the first render has the button the markup has', () => {
    expect(injectPage(indexHtml, '/login', 'en', { ssoListed: true }, '<form></form>', '/h.js', PAGE_CSS)).toContain(
      '<div id="root" inert data-prerendered="/login" data-prerendered-language="en" data-sso-listed><form></form></div>',
    );
    expect(page).not.toContain('data-sso-listed');
  });

  it('replaces the entry and its preloads by the boot script after #root, which names them', () => {
    expect(page.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" crossorigin id="app-boot" src="/assets/hydrate-E5.js" data-app-entry="/assets/index-A1.js" data-app-preload="/assets/app-core-B2.js /assets/public-shell-C3.js" data-app-stylesheet="/assets/index-D4.css">',
    ]);
    expect(page.indexOf('id="app-boot"')).toBeGreaterThan(page.indexOf('</form></div>'));
    expect(page).not.toContain('modulepreload');
  });

  it('holds the first paint until the boot script after #root is parsed: the page is never painted half parsed', () => {
    expect(page).toMatch(/<link rel="expect" href="#app-boot" blocking="render">\s*<\/head>/);
  });

  it("inlines the page's stylesheet where the app's was linked, so the first paint needs nothing but the page", () => {
    expect(page).toMatch(/<style>body\{color:#111\}<\/style>\s*<link rel="expect"[^>]*>\s*<\/head>/);
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).toContain('<script src="/theme-init.js"></script>');
  });

  it("inlines the page's stylesheet once where the app links several, and names them all to the boot script", () => {
    const twoSheets = indexHtml.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/extra-F6.css">\n  </head>');
    const built = injectPage(twoSheets, '/login', 'en', PLAIN, '<form></form>', '/h.js', PAGE_CSS);
    expect(built.match(/<style>/g)).toHaveLength(1);
    expect(built).toContain('data-app-stylesheet="/assets/index-D4.css /assets/extra-F6.css"');
  });

  it('refuses an index.html without a stylesheet, or a page stylesheet that would end its own element', () => {
    expect(() => injectPage(indexHtml.replace(/<link rel="stylesheet"[^>]*>/, ''), '/login', 'en', PLAIN, '', '/h.js', PAGE_CSS)).toThrow(
      /no stylesheet/,
    );
    expect(() => injectPage(indexHtml, '/login', 'en', PLAIN, '', '/h.js', 'a{}</style>')).toThrow(/<\/style/);
  });

  it('takes the markup literally ($ patterns included)', () => {
    expect(injectPage(indexHtml, '/login', 'en', PLAIN, '<p>$& $1 $$</p>', '/h.js', PAGE_CSS)).toContain('<p>$& $1 $$</p>');
  });

  it('refuses an index.html it does not understand', () => {
    expect(() =>
      injectPage(indexHtml.replace('<div id="root"></div>', '<div id="app"></div>'), '/login', 'en', PLAIN, '', '/h.js', PAGE_CSS),
    ).toThrow(/#root|id="root"/);
    expect(() => injectPage(indexHtml.replace(/<script type="module"[^>]*><\/script>/, ''), '/login', 'en', PLAIN, '', '/h.js', PAGE_CSS)).toThrow(
      /one module script/,
    );
  });
});

describe('pageFile', () => {
  it.each([
    ['/login', false, 'login.html'],
    ['/login', true, 'login.sso.html'],
    ['/forgot-password', false, 'forgot-password.html'],
  ])('%s (single sign-on: %s) → %s', (page, ssoListed, file) => expect(pageFile(page, { ssoListed })).toBe(file));

  it.each(['/', '/a/b', 'login', '/../x', '/Login'])('refuses %s', (page) => expect(() => pageFile(page, PLAIN)).toThrow());
});
