/** A page number, or a gap shown as an ellipsis. */
export type PageItem = number | 'ellipsis';

/** Up to this many pages are all shown. */
export const FULL_WINDOW_MAX = 7;

/**
 * The page buttons to show: every page when there are 7 or fewer; otherwise the first, the last,
 * and the current page with one neighbour each side, with an ellipsis for each gap.
 * Pages are 1-based; `current` is clamped into 1..total. No pages → [].
 */
export const paginationWindow = (current: number, total: number): PageItem[] => {
  if (!Number.isFinite(total) || total < 1) return [];
  const last = Math.floor(total);
  if (last <= FULL_WINDOW_MAX) return Array.from({ length: last }, (_, i) => i + 1);
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), last);
  const shown = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous > 1) items.push('ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
};
