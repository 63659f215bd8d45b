// Finds a program from one of Debian's packages, installing the package with apt when it is missing and
// this process may (root, apt-get present). Callers say what to do when it is still missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The first of `paths` that exists, after installing `pkg` if none did and apt may be used; else undefined. */
export const findOrInstall = (pkg, paths) => {
  const found = () => paths.find((p) => existsSync(p));
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return undefined;
  process.stdout.write(`${pkg} not found: installing Debian's ${pkg} package…\n`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return found();
};
