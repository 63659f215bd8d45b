import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the process's CPU priority to `niceness`, thread by thread: on Linux a nice value is each
 * thread's own, and V8's and libuv's threads exist already (those started later inherit it). A thread
 * already lower is left (raising one needs privileges); one that ended meanwhile is skipped.
 */
export const lowerPriority = (niceness: number): void => {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [process.pid];
  }
  for (const thread of threads) {
    try {
      if (getPriority(thread) < niceness) setPriority(thread, niceness);
    } catch (error) {
      if ((error as { info?: { code?: string } }).info?.code !== 'ESRCH' || thread === process.pid) throw error;
    }
  }
};
