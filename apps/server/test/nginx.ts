/**
 * Debian's nginx as the load balancer in front of test instances, with a configuration written
 * here. npm test installs nginx (scripts/nginx.mjs); a test never installs anything itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));

export interface Nginx {
  url: string;
  /** nginx's error log (upstream failures and retries), for failure messages. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * Round-robin over `upstreamPorts`. Open-source nginx has no active health checks (`health_check`
 * is NGINX Plus), so the passive ones do the work: an instance that refuses a connection or
 * answers 502/503 is skipped for `fail_timeout` (`max_fails=1`), and `proxy_next_upstream` sends
 * that request to the other instance. A connection refused is retried even for a POST (nothing
 * was sent). So is a POST whose connection is reset before any answer (`non_idempotent`): when a
 * stopping instance closes its listener, the kernel resets the connections still queued for
 * accept, whose requests were never read, and no passive check can see that coming. A stopping
 * instance finishes every request it has read, and a payment's `Idempotency-Key` makes even a
 * crash's resend charge once. Without upstream keep-alive each request opens its own connection,
 * so none lands on a connection a stopping instance closes.
 */
export const startNginx = async ({ port, upstreamPorts }: { port: number; upstreamPorts: number[] }): Promise<Nginx> => {
  if (!NGINX) throw new Error('nginx is not installed: `apt-get install -y nginx` (npm test installs it when it can, see scripts/nginx.mjs)');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  chmodSync(dir, 0o755);
  const isRoot = process.getuid?.() === 0;
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${isRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 1s;
      proxy_buffering off;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', `${dir}/error.log`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const errors = () => (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : '') + stderr;
  return {
    url,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
};
