/**
 * URLs the auth service puts in emails and redirects. They come from the caller, so each must be
 * a page of this site (docs/decisions/0005-security-model.md: no open redirect, no phishing link in our own email).
 */

/**
 * `raw` as a URL when it names `path` on `publicOrigin` (relative forms resolve against it); null
 * otherwise. Credentials in the URL are refused: `https://portal@evil.example` tricks readers.
 */
export const sitePageUrl = (raw: string, publicOrigin: string, path: string): URL | null => {
  let url: URL;
  try {
    url = new URL(raw, publicOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicOrigin).origin || url.pathname !== path || url.username || url.password) return null;
  url.hash = '';
  return url;
};

/** `{page}#{name}={value}&…`: secrets ride in the fragment, which browsers never send to a server. */
export const withFragment = (page: URL, params: Record<string, string>): string => {
  const url = new URL(page);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
};
