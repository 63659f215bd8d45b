// Finds Debian's nginx for the rolling-restart test (two instances behind a load balancer);
// installs it with apt when it can, else stops with how to install it. The test never installs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

const found = () => CANDIDATES.find((p) => existsSync(p));

export const ensureNginx = () => {
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    process.stdout.write("nginx not found: installing Debian's nginx package…\n");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = found();
    if (installed) return installed;
  }
  process.stderr.write(
    'The rolling-restart test needs nginx and none was found.\n' + 'Install it with: sudo apt-get install nginx   (Debian/Ubuntu)\n',
  );
  process.exit(1);
};
