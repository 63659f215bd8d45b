import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here on lists are tables; below it, stacked cards (no sideways scrolling on phones). */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * Whether a media query matches, following changes live (rotation, window resizing). Rendering one layout
 * instead of hiding the other with CSS keeps a single copy of each row in the accessibility tree.
 */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
