import { createContext, useContext } from 'react';

/** What the server knows of a deployment and tells the page by choosing its variant (apps/server web-app plugin). */
export interface PageVariant {
  /** Single sign-on is configured: "Sign in with Microsoft" is on the sign-in page from the start. */
  ssoListed: boolean;
}

/** The mark on #root of the page the server sends where single sign-on is configured (login.sso.html). */
const SSO_LISTED_ATTRIBUTE = 'data-sso-listed';

/**
 * Set by the prerender to the variant it renders (Node has no page to read the marks from). Not exported by the auth
 * feature's index: a module both the index and the sign-in page import went into the sign-in page's chunk, which the
 * index then imported, so every auth page (/password among them) downloaded the sign-in page.
 */
export const PrerenderedVariant = createContext<PageVariant | null>(null);

/**
 * The variant of the page as the server sent it, so that the first render matches it: "Sign in with Microsoft" is
 * there from the first paint and hydration matches it, rather than the card moving when the providers call answers
 * (prerender-pages.ts).
 */
export const usePageVariant = (): PageVariant =>
  useContext(PrerenderedVariant) ?? { ssoListed: document.getElementById('root')?.hasAttribute(SSO_LISTED_ATTRIBUTE) === true };
