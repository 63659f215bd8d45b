import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code loads on demand from `load` (a chunk of dialogs): nothing is rendered until it is first
 * opened; from then on it stays mounted, so closing animates and Radix returns focus to the element that
 * opened it.
 */
/**
 * Props for what opens lazy dialogs (a button, or a card holding several): their code starts downloading when
 * a pointer comes over it or it gets focus, just before the click, and not with the page, whose first load
 * stays small (docs/decisions/0009-performance-budgets.md: every route's JS ≤ 180 KB, dialogs it preloads included).
 */
export const preloadOnIntent = (preload: () => void) => ({ onPointerEnter: preload, onFocus: preload });

export const lazyDialog = <M, P extends { open: boolean }>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) => {
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  return function LazyDialog(props: P) {
    const [used, setUsed] = useState(props.open);
    // Derived state (React's documented pattern): the first opening mounts the dialog for good.
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
};
