/**
 * Where the browser reaches each service, by the mount point that starts its paths in the contract's endpoint
 * table (`/a` auth, `/b` billing). Both services are on this origin today; a deployment that serves one
 * elsewhere changes its base here (e.g. `'/b': 'https://billing.example.com/b'`).
 */
const serviceBases: Readonly<Record<string, string>> = { '/a': '/a', '/b': '/b' };

/**
 * A path of the endpoint table with its parameters filled in (what `pathFor` returns), as the URL the browser
 * requests. No runtime import of the contract: the sign-in page builds its single sign-on link with this.
 */
export const serviceUrl = (path: string): string => {
  const mount = path.slice(0, path.indexOf('/', 1));
  const base = serviceBases[mount];
  if (base === undefined) throw new Error(`No service is mounted at '${mount}'.`);
  return base + path.slice(mount.length);
};
