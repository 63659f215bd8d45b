import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true once the page is live;
 * then the component renders again. What only the browser knows (a passkey API, whether a form can react to
 * input yet) goes behind it, so the first client render matches the prerendered HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
