import { describe, expect, it } from 'vitest';
import { inlineScript, THEME_INIT_TAG } from './inline-theme-init';

const html = `<head>\n    ${THEME_INIT_TAG}\n  </head>`;

describe('inlineScript', () => {
  it('puts the script itself where the tag was, trimmed', () => {
    expect(inlineScript(html, THEME_INIT_TAG, '\n(function () { document.documentElement.className = "dark"; })();\n')).toBe(
      '<head>\n    <script>(function () { document.documentElement.className = "dark"; })();</script>\n  </head>',
    );
  });

  it('leaves out whole-line comments, and nothing else', () => {
    const source = '// Why it runs first.\n(function () {\n  // Storage can be blocked.\n  var url = "https://example.com"; // kept\n})();\n';
    expect(inlineScript(html, THEME_INIT_TAG, source)).toContain(
      '<script>(function () {\n  var url = "https://example.com"; // kept\n})();</script>',
    );
  });

  it('takes the script literally ($ patterns included)', () => {
    expect(inlineScript(html, THEME_INIT_TAG, 'var a = "$&$1$$";')).toContain('<script>var a = "$&$1$$";</script>');
  });

  it('refuses a page without the tag, and a script that would end its own element', () => {
    expect(() => inlineScript('<head></head>', THEME_INIT_TAG, 'x()')).toThrow(/no <script src="\/theme-init.js">/);
    expect(() => inlineScript(html, THEME_INIT_TAG, 'var s = "</SCRIPT>";')).toThrow(/<\/script/);
  });
});
