import { createContext, useContext } from 'react';

/** The mark on #root of the page the server sends where single sign-on is configured (login.sso.html). */
const SSO_LISTED_ATTRIBUTE = 'data-sso-listed';

/** Set by the prerender to the variant it renders (Node has no page to read the mark from). */
export const PrerenderedSso = createContext<boolean | null>(null);

/**
 * Whether "Sign in with Microsoft" is in the page as the server sent it, so that the first render has it too:
 * the button is there from the first paint and hydration matches it, rather than the card moving when the
 * providers call answers (apps/server web-app plugin, prerender-pages.ts).
 */
export const useSsoListedInPage = (): boolean => {
  const prerendered = useContext(PrerenderedSso);
  return prerendered ?? document.getElementById('root')?.hasAttribute(SSO_LISTED_ATTRIBUTE) === true;
};
