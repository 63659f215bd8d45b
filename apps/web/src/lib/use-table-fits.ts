import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from './i18n/translate';
import { useMediaQuery, WIDE_SCREEN_QUERY } from './use-media-query';

/**
 * Whether the table in the box given `ref` fits the width the box has: a wide screen is not
 * enough, a card in a two-column grid or French headers can leave a table less room than it needs, and a column
 * then hides behind a sideways scroll. Phones never get the table. Elsewhere the table is measured before it is
 * painted (again whenever the box is resized or shown); one wider than its scroll box gives way to cards until
 * the box grows to the width it needed. New `content` (another page, another language) tries the table afresh.
 */
export function useTableFits<T extends HTMLElement = HTMLDivElement>(content: unknown) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { i18n } = useTranslation();
  // A callback ref: the box may appear after the first render (once the rows have loaded).
  const [box, ref] = useState<T | null>(null);
  // The box's width the table needed when it last did not fit (null: not measured too wide).
  const [needed, setNeeded] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const [measured, setMeasured] = useState({ content, language: i18n.language });
  if (measured.content !== content || measured.language !== i18n.language) {
    setMeasured({ content, language: i18n.language });
    setNeeded(null);
  }

  useEffect(() => {
    // jsdom has no ResizeObserver (and lays nothing out): there the table always fits.
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  const fits = wide && (needed === null || width >= needed);

  // Whenever the table is shown afresh: other rows, another language, another width of its box.
  useLayoutEffect(() => {
    const table = box?.querySelector('table');
    const scroller = table?.parentElement;
    if (!fits || !box || !table || !scroller) return;
    const overflow = table.offsetWidth - scroller.clientWidth;
    if (overflow > 0) setNeeded(box.clientWidth + overflow);
  }, [box, fits, width, measured]);

  return { ref, fits };
}
