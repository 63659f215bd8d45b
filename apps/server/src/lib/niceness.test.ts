import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const niceness = fileURLToPath(new URL('./niceness.ts', import.meta.url));

describe('lowerPriority', () => {
  it('lowers every thread of the process, and the threads started after it', () => {
    // In a process of its own: a lowered priority cannot be raised again without privileges.
    const script = `
      import { readdirSync, readFileSync } from 'node:fs';
      import { Worker } from 'node:worker_threads';
      import { lowerPriority } from ${JSON.stringify(niceness)};
      const niceOf = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
      const before = readdirSync('/proc/self/task').map(niceOf);
      lowerPriority(7);
      const worker = new Worker('setTimeout(() => {}, 200)', { eval: true });
      worker.on('online', () => {
        console.log(JSON.stringify({ before, after: readdirSync('/proc/self/task').map(niceOf) }));
        worker.terminate();
      });`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const { before, after } = JSON.parse(output.trim().split('\n').at(-1)!) as { before: number[]; after: number[] };
    expect(before.length).toBeGreaterThan(1);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.every((n) => n === Math.max(7, Math.min(...before)))).toBe(true);
  });
});
