import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import { jobDuration, jobLag, jobRuns } from '../lib/metrics';
import type { JobRunRecord } from './job-runs';

/** A unit of background work; a plain function of "now" so tests call it directly. */
export interface JobStep {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface Scheduler {
  /** Runs every step that is due at once, then each when its interval since its recorded run has passed. */
  start(): void;
  /** Stops ticking and waits for steps already running. */
  stop(): Promise<void>;
}

/**
 * How long until a step whose last run was at `lastRunAt` is due again (pure). Never longer than one
 * interval: a record ahead of this instance's clock (another instance's clock, a clock set back) is
 * looked at again then rather than trusted.
 */
export const nextRunInMs = (lastRunAt: Date, everyMs: number, now: Date): number =>
  Math.min(everyMs, Math.max(0, lastRunAt.getTime() + everyMs - now.getTime()));

/**
 * The in-process scheduler (docs/decisions/0010-in-process-jobs.md). Each step runs when its interval has passed since its last
 * run as recorded in the database (by this instance or another, before any restart), never overlapping
 * itself here; the record makes one instance run each due occurrence, and the steps claim their rows
 * with row locks besides, so any number of instances can run side by side.
 */
export const createScheduler = ({ steps, clock, log, record }: { steps: readonly JobStep[]; clock: Clock; log: FastifyBaseLogger; record: JobRunRecord }): Scheduler => {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = true;

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const wake = (step: JobStep, delayMs: number) => {
    if (stopped) return;
    const due = performance.now() + delayMs;
    const timer = setTimeout(() => track(attempt(step, due)), delayMs);
    timer.unref();
    timers.set(step.name, timer);
  };

  /** Claims the step's run if it is due, runs it, and sets the timer for its next one. */
  const attempt = async (step: JobStep, due: number): Promise<void> => {
    if (stopped) return;
    const now = clock.now();
    let claim;
    try {
      claim = await record.claim(step.name, now, step.everyMs);
    } catch (error) {
      log.error({ err: error, job: step.name }, 'recording a job run failed');
      wake(step, step.everyMs);
      return;
    }
    if (claim.claimed) {
      const started = performance.now();
      jobLag.set({ job: step.name }, Math.max(0, started - due) / 1000);
      try {
        await step.run(now);
        jobRuns.inc({ job: step.name, outcome: 'ok' });
      } catch (error) {
        jobRuns.inc({ job: step.name, outcome: 'failed' });
        log.error({ err: error, job: step.name }, 'job step failed');
      } finally {
        jobDuration.observe({ job: step.name }, (performance.now() - started) / 1000);
      }
    }
    wake(step, nextRunInMs(claim.lastRunAt, step.everyMs, clock.now()));
  };

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      // At once, not on a timer: a step due now (work left by an instance that stopped, a day's notices) runs at start-up.
      for (const step of steps) track(attempt(step, performance.now()));
    },
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      while (running.size > 0) await Promise.all([...running]);
    },
  };
};
