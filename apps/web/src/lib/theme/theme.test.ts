import { readTheme, resolveDark } from './theme';

describe('theme rules', () => {
  it.each([
    ['light', false, false],
    ['light', true, false],
    ['dark', false, true],
    ['system', false, false],
    ['system', true, true],
  ] as const)('%s with system dark=%s → dark %s', (theme, systemDark, expected) => {
    expect(resolveDark(theme, systemDark)).toBe(expected);
  });

  it.each([
    [null, 'system'],
    ['dark', 'dark'],
    ['light', 'light'],
    ['system', 'system'],
    ['purple', 'system'],
  ])('saved %s → %s', (saved, expected) => {
    expect(readTheme({ getItem: () => saved, setItem: () => undefined, removeItem: () => undefined })).toBe(expected);
  });
});
