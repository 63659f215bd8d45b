// Finds Debian's Chromium for the browser tests; installs it with apt when it can (no browser
// downloads work here), else stops with how to install it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

const found = () => CANDIDATES.find((p) => existsSync(p));

export const ensureChromium = () => {
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    process.stdout.write('Chromium not found: installing Debian\'s chromium package…\n');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = found();
    if (installed) return installed;
  }
  process.stderr.write(
    'The browser tests need Chromium and none was found.\n' +
      'Install it with: sudo apt-get install chromium   (Debian/Ubuntu)\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.\n',
  );
  process.exit(1);
};
