/**
 * The embedded database serves one process: a second portal started on the same DATA_DIR (a second
 * `npm start` in the same checkout) would write the same files unseen by the first. A lock file holding
 * the owner's process id stops it with what to do; a lock left by a process that died is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'portal.pid';

/** Whether a process with this id runs (EPERM: it runs as another user). */
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

/** What start-up says when another portal holds the directory (pure). */
export const dataDirInUseMessage = (dataDir: string, pid: number): string =>
  `DATA_DIR ${dataDir} holds the embedded database of the portal running as process ${pid}, which only one process may open: give this portal a DATA_DIR of its own (or a DATABASE_URL), or stop the other one first`;

/** Takes the directory for this process until it exits; throws when a running process holds it. */
export const lockDataDir = (dataDir: string): void => {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner))
        throw new Error(dataDirInUseMessage(dataDir, owner));
      rmSync(file, { force: true });
    }
  }
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // The directory is gone already: nothing left to release.
    }
  });
};
