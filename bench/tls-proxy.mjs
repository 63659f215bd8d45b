// The TLS reverse proxy the deployment puts in front of the portal (deploy/Caddyfile: Caddy, HTTP/2), on
// loopback with Caddy's own local CA, for benchmarks that judge pages as customers receive them. Debian's
// caddy is installed with apt when missing and the benchmark runs as root; otherwise it stops saying how.
import { mkdirSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { findOrInstall } from '../scripts/debian-package.mjs';
import { startProcess, waitFor } from './lib.mjs';

const ensureCaddy = () => {
  const caddy = findOrInstall('caddy', ['/usr/bin/caddy']);
  if (!caddy) throw new Error("This benchmark needs Caddy (the deployment's TLS proxy): sudo apt-get install caddy");
  return caddy;
};

/** Whether `url` answers 200 over TLS; the certificate is Caddy's local CA's, not trusted here. */
const answersOkOverTls = (url) =>
  new Promise((resolve) => {
    https
      .get(url, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });

/**
 * Starts Caddy on https://127.0.0.1:`port` proxying to 127.0.0.1:`upstreamPort`, its state in `dir`.
 * HTTP/1.1 and HTTP/2 only: Chromium here runs without QUIC. Resolves with the proxy's origin and process.
 */
export const startTlsProxy = async ({ port, upstreamPort, dir }) => {
  const caddy = ensureCaddy();
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'Caddyfile');
  writeFileSync(
    config,
    `{
\tadmin off
\tskip_install_trust
\thttp_port ${port + 1}
\tauto_https disable_redirects
\tstorage file_system ${path.join(dir, 'data')}
\tservers {
\t\tprotocols h1 h2
\t}
\tlog {
\t\tlevel ERROR
\t}
}
https://127.0.0.1:${port} {
\ttls internal
\treverse_proxy 127.0.0.1:${upstreamPort}
}
`,
  );
  const origin = `https://127.0.0.1:${port}`;
  const child = startProcess(caddy, ['run', '--config', config, '--adapter', 'caddyfile']);
  await waitFor(`${origin}/readyz`, 30_000, answersOkOverTls);
  return { origin, child };
};
