import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type UserConfig } from 'vite';
import type * as PrerenderModule from './src/prerender';
import type { PageVariant } from './src/lib/page-variant';
import { pageStylesheet } from './page-stylesheet';

const ROOT_ELEMENT = '<div id="root"></div>';

/** A page's file for every deployment: without single sign-on's button. */
export const PLAIN: PageVariant = { ssoListed: false };
const WITH_SSO: PageVariant = { ssoListed: true };

/**
 * The file a prerendered page is written to and served from: `/login` → `login.html`, and `login.sso.html` for
 * deployments with single sign-on (the server sends that one where it is configured).
 */
export const pageFile = (page: string, { ssoListed }: PageVariant): string => {
  if (!/^\/[a-z0-9-]+$/.test(page)) throw new Error(`Cannot prerender '${page}': one path segment of a-z, 0-9 and -`);
  return `${page.slice(1)}${ssoListed ? '.sso' : ''}.html`;
};

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const HEAD_END = '</head>';
const BOOT_ID = 'app-boot';

/**
 * index.html made into a prerendered page: the page's markup inside #root, marked with the page and language
 * it was rendered for (main.tsx hydrates only when the browser opens that page in that language) and with
 * single sign-on where the variant has it (src/lib/page-variant.ts), inert until then, and
 * `bootScript` (src/hydrate.ts) as its only module script, given the app's entry and preloads to load once
 * the page has painted (index.html would load them while it paints).
 *
 * The boot script goes after #root, and the page's first paint waits for it to be parsed (`rel=expect`): on a
 * slow phone Chromium painted the page half parsed (the card cut short, no footer) and the rest then moved it,
 * a layout shift of up to 0.3. (Pointed at #root itself, the wait ends at its start tag.)
 *
 * The page's own stylesheet (`pageCss`: page-stylesheet.ts, what its markup uses of the app's) is inlined in
 * place of the app's: the page then paints from its HTML alone, without a request of its own for a stylesheet
 * first, and parses less than half as much CSS (docs/decisions/0009-performance-budgets.md: the login form visible ≤ 0.4 s at 4× CPU throttle;
 * bench/README.md). The boot script names the app's stylesheets in `data-app-stylesheet`, to load before the
 * app renders what the markup does not have.
 */
export const injectPage = (
  indexHtml: string,
  page: string,
  language: string,
  variant: PageVariant,
  markup: string,
  bootScript: string,
  pageCss: string,
): string => {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  const entries = [...indexHtml.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error('index.html must have exactly one module script');
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  if (!indexHtml.includes(HEAD_END)) throw new Error('index.html has no </head>');
  const stylesheets = [...indexHtml.matchAll(STYLESHEET)].map((match) => match[1]);
  if (stylesheets.length === 0) throw new Error('index.html links no stylesheet');
  if (/<\/style/i.test(pageCss)) throw new Error("The page's stylesheet cannot be inlined: it contains </style");
  const boot = `<script type="module" crossorigin id="${BOOT_ID}" src="${bootScript}" data-app-entry="${entries[0]}" data-app-preload="${preloads.join(' ')}" data-app-stylesheet="${stylesheets.join(' ')}"></script>`;
  let linked = 0;
  return indexHtml
    .replace(STYLESHEET, () => (linked++ === 0 ? `<style>${pageCss}</style>` : ''))
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, '')
    .replace(HEAD_END, () => `<link rel="expect" href="#${BOOT_ID}" blocking="render">\n  ${HEAD_END}`)
    .replace(
      ROOT_ELEMENT,
      // inert: no clicks or typing lost on a page that cannot react yet (RootLayout lifts it once hydrated).
      () =>
        `<div id="root" inert data-prerendered="${page}" data-prerendered-language="${language}"${variant.ssoListed ? ' data-sso-listed' : ''}>${markup}</div>\n    ${boot}`,
    );
};

/** What the plugin uses of the built entry (src/prerender.tsx). */
type PrerenderEntry = Pick<typeof PrerenderModule, 'PRERENDER_LANGUAGE' | 'renderPage'>;

interface PrerenderOptions {
  /** The module that renders a page in Node (src/prerender.tsx). */
  entry: string;
  /** The browser entry of the prerendered pages (src/hydrate.ts), built beside index.html's. */
  boot: string;
  /** The app's stylesheet, its Tailwind entry (src/index.css): each page inlines what its markup uses of it. */
  stylesheet: string;
  pages: readonly string[];
  /** What the Node build needs of the app's config (aliases, defines, the React plugin). */
  ssrConfig: UserConfig;
}

/**
 * After the browser build, renders `pages` with `entry` in Node and writes each as `<page>.html` beside
 * index.html, which the server sends for that path (apps/server web-app plugin), and as `<page>.sso.html`
 * where single sign-on changes it. Runs before compressAssets
 * (its closeBundle is sequential), so the pages get their .br and .gz too.
 */
export const prerenderPages = ({ entry, boot, stylesheet, pages, ssrConfig }: PrerenderOptions): Plugin => {
  let root = '';
  let stylesheetSource = '';
  let outDir = '';
  let base = '/';
  let bootRef = '';
  let bootFile = '';
  return {
    name: 'portal:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      stylesheetSource = path.resolve(config.root, stylesheet);
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      bootRef = this.emitFile({ type: 'chunk', id: path.resolve(root, boot), name: 'hydrate' });
    },
    generateBundle() {
      bootFile = this.getFileName(bootRef);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        // Inside the app so that Node finds its packages (react, react-router…) from the built module.
        const serverDir = await mkdtemp(path.join(root, 'node_modules', '.prerender-'));
        try {
          await build({
            ...ssrConfig,
            configFile: false,
            root,
            logLevel: 'warn',
            build: { ssr: entry, outDir: serverDir, emptyOutDir: true, target: 'node20', minify: false },
          });
          const rendered = path.join(serverDir, `${path.basename(entry).replace(/\.tsx?$/, '')}.js`);
          const { PRERENDER_LANGUAGE, renderPage } = (await import(pathToFileURL(rendered).href)) as PrerenderEntry;
          const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
          const write = async (page: string, variant: PageVariant, markup: string) =>
            writeFile(
              path.join(outDir, pageFile(page, variant)),
              injectPage(
                indexHtml,
                page,
                PRERENDER_LANGUAGE,
                variant,
                markup,
                base + bootFile,
                await pageStylesheet(stylesheetSource, markup),
              ),
            );
          for (const page of pages) {
            const plain = await renderPage(page, PLAIN);
            await write(page, PLAIN, plain);
            const withSso = await renderPage(page, WITH_SSO);
            // A page that single sign-on does not change has one file, sent to every deployment.
            if (withSso !== plain) await write(page, WITH_SSO, withSso);
          }
          this.info(`prerendered ${pages.join(', ')}`);
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
};
