import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classesOf, pageStylesheet } from './page-stylesheet';

describe('classesOf', () => {
  it.each([
    ['<p class="a b">x</p>', ['a', 'b']],
    ['<div class="  a\n b  a"></div><span class="c"></span>', ['a', 'b', 'c']],
    ['<div class=""></div><input name="class"/>', []],
    ['<svg data-class="no"><path class="sm:min-h-8 bg-brand/15"/></svg>', ['sm:min-h-8', 'bg-brand/15']],
    // React escapes what an attribute may not hold as such: the class is the unescaped name.
    [
      '<ul class="[&amp;&gt;li]:mt-2 content-[&quot;x&quot;] content-[&#x27;y&#x27;]"></ul>',
      ['[&>li]:mt-2', 'content-["x"]', "content-['y']"],
    ],
  ])('%s', (markup, expected) => {
    expect(classesOf(markup)).toEqual(expected);
  });
});

describe('pageStylesheet', () => {
  const source = path.join(import.meta.dirname, 'src/index.css');

  it("has the utilities of the markup's classes, and none of the classes it does not use", async () => {
    const css = await pageStylesheet(
      source,
      '<main class="min-h-dvh bg-page sm:px-6 dark:from-[#1a1840]"><p class="text-fg">Hi</p></main>',
    );
    expect(css).toContain('.min-h-dvh{');
    expect(css).toContain('.bg-page{');
    expect(css).toMatch(/\.sm\\:px-6\{/);
    expect(css).toMatch(/\.dark\\:from-\\\[\\#1a1840\\\]/);
    expect(css).toContain('.text-fg{');
    expect(css).not.toContain('.grid-cols-3');
    expect(css).not.toContain('.text-danger');
  });

  it("keeps whole what is not a utility: the base styles, the design tokens in both themes, the app's own rules", async () => {
    const css = await pageStylesheet(source, '<p>Hi</p>');
    expect(css).toMatch(/@layer base\{/);
    expect(css).toMatch(/:root\{--page:#f6f7f9/);
    expect(css).toMatch(/\.dark\{--page:#0b1120/);
    expect(css).toContain('.prerender-stale #root{visibility:hidden}');
    expect(css).not.toMatch(/@layer utilities\{\.[a-z]/);
  });
});
