/**
 * Leaves the portal for the card provider's checkout page. A module of its own so tests can replace it
 * (jsdom cannot navigate).
 */
export const redirectTo = (url: string): void => {
  window.location.assign(url);
};
