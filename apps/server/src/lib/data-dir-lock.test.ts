import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirInUseMessage, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const owner = (dir: string) => readFileSync(path.join(dir, 'portal.pid'), 'utf8').trim();

describe('the data directory lock', () => {
  it('takes a free directory for this process', () => {
    const dir = dataDir();
    lockDataDir(dir);
    expect(owner(dir)).toBe(String(process.pid));
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'portal.pid'), '4194303\n');
    lockDataDir(dir);
    expect(owner(dir)).toBe(String(process.pid));
  });

  it('refuses a directory a running process holds, naming DATA_DIR and that process', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'portal.pid'), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(dataDirInUseMessage(dir, process.ppid));
    expect(owner(dir)).toBe(String(process.ppid));
  });

  it('says what to do', () => {
    expect(dataDirInUseMessage('/srv/portal/data', 4242)).toBe(
      'DATA_DIR /srv/portal/data holds the embedded database of the portal running as process 4242, which only one process may open: give this portal a DATA_DIR of its own (or a DATABASE_URL), or stop the other one first',
    );
  });
});
