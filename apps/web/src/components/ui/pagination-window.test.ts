import { paginationWindow, type PageItem } from './pagination-window';

const E = 'ellipsis' as const;

describe('paginationWindow', () => {
  const cases: Array<[current: number, total: number, expected: PageItem[]]> = [
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [7, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, E, 8]],
    [2, 8, [1, 2, 3, E, 8]],
    [3, 8, [1, 2, 3, 4, E, 8]],
    [4, 8, [1, E, 3, 4, 5, E, 8]],
    [5, 10, [1, E, 4, 5, 6, E, 10]],
    [8, 10, [1, E, 7, 8, 9, 10]],
    [9, 10, [1, E, 8, 9, 10]],
    [10, 10, [1, E, 9, 10]],
    [50, 100, [1, E, 49, 50, 51, E, 100]],
    // Out-of-range current pages are clamped.
    [0, 10, [1, 2, E, 10]],
    [99, 10, [1, E, 9, 10]],
    [-3, 9, [1, 2, E, 9]],
  ];
  it.each(cases)('page %i of %i', (current, total, expected) => {
    expect(paginationWindow(current, total)).toEqual(expected);
  });

  it('never shows more than 7 entries and always includes first, last and current', () => {
    for (let total = 8; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = paginationWindow(current, total);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain(1);
        expect(items).toContain(total);
        expect(items).toContain(current);
      }
    }
  });
});
