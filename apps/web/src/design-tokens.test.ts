/**
 * WCAG 2.2 AA contrast of the design tokens in index.css, in light and in dark: 4.5:1 for text, 3:1 for
 * control borders and the focus ring. Change a colour and this says whether it still passes.
 */
import css from './index.css?raw';

const block = (selector: string): Record<string, string> => {
  const body = new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
};

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const TEXT_PAIRS: Array<[fg: string, bg: string]> = [
  ['fg', 'page'],
  ['fg', 'surface'],
  ['fg', 'surface-2'],
  ['fg-muted', 'page'],
  ['fg-muted', 'surface'],
  ['fg-muted', 'surface-2'],
  ['brand-fg', 'brand'],
  ['brand-fg', 'brand-hover'],
  ['brand-text', 'page'],
  ['brand-text', 'surface'],
  ['brand-text', 'brand-subtle'],
  ['danger', 'surface'],
  ['danger', 'surface-2'],
  ['danger', 'page'],
  ['success', 'surface'],
  ['success', 'surface-2'],
  ['danger-text', 'danger-subtle'],
  ['success-text', 'success-subtle'],
  ['warning-text', 'warning-subtle'],
  ['info-text', 'info-subtle'],
];

const NON_TEXT_PAIRS: Array<[fg: string, bg: string]> = [
  ['border-strong', 'surface'],
  ['border-strong', 'page'],
  ['focus', 'page'],
  ['focus', 'surface'],
];

describe.each([
  ['light', block(':root')],
  ['dark', { ...block(':root'), ...block('.dark') }],
])('%s theme', (_theme, tokens) => {
  it.each(TEXT_PAIRS)('text --%s on --%s ≥ 4.5:1', (fg, bg) => {
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('--%s on --%s ≥ 3:1', (fg, bg) => {
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(3);
  });
});

it('white text on the light danger button and page-coloured text on the dark one pass', () => {
  expect(contrast('#ffffff', block(':root').danger!)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(block('.dark').page!, block('.dark').danger!)).toBeGreaterThanOrEqual(4.5);
});

/**
 * Colours that are not design tokens (a `dark:` variant, white, black, a palette shade or a hex value in a
 * class), so the tokens' contrast above does not speak for them: each file holding them is drawn on a screen
 * the screen scans also look at in dark (`themes` in e2e/support/screens.ts). A new one needs such a look.
 */
const OWN_COLOURS: Record<string, string> = {
  'app/components/auth-background.tsx': 'login',
  'components/ui/banner.tsx': 'dashboard',
  'components/ui/button.tsx': 'dashboard',
  'components/ui/dialog.tsx': 'pay-modal',
  'components/ui/switch.tsx': 'payments',
  'features/notifications/components/notification-bell.tsx': 'dashboard',
};

it('colours outside the tokens are only in the files whose screens are scanned in dark', () => {
  const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const ownColour =
    /(?:^|[\s"'`])(?:[\w-]+:)*(?:dark:[\w/[\]#.-]+|(?:text|bg|border|ring|fill|stroke|from|via|to|shadow|outline|decoration)-(?:white|black|(?:red|gray|slate|zinc|blue|green|amber|yellow|neutral|emerald|rose|sky|indigo|orange|purple|pink|teal|cyan|lime|violet|fuchsia|stone)-\d+|\[#[0-9a-f]{3,8}\]))/i;
  const files = Object.entries(sources)
    .filter(([, text]) => ownColour.test(text))
    .map(([file]) => file.slice(2))
    .sort();
  expect(files).toEqual(Object.keys(OWN_COLOURS).sort());
});
