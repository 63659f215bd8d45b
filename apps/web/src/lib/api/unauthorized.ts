/**
 * What to do after a 401 (the session is already cleared by then). Kept apart from the API client so the
 * app entry can install a router-based handler without pulling the client (and the contract's schemas)
 * into the first download.
 */
type Handler = () => void;

let handler: Handler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

export const setUnauthorizedHandler = (next: Handler): void => {
  handler = next;
};

export const handleUnauthorized = (): void => handler();
