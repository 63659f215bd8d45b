import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import { jobDuration, jobLag, jobRuns } from '../lib/metrics';

/** A unit of background work; a plain function of "now" so tests call it directly. */
export interface JobStep {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface Scheduler {
  start(): void;
  /** Stops ticking and waits for steps already running. */
  stop(): Promise<void>;
}

/**
 * The in-process scheduler (decisions §6). Each step ticks on its own interval and never overlaps
 * itself; the steps keep their state in the database and claim work with row locks, so any number
 * of instances can run them side by side.
 */
export const createScheduler = ({ steps, clock, log }: { steps: readonly JobStep[]; clock: Clock; log: FastifyBaseLogger }): Scheduler => {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = true;

  const schedule = (step: JobStep, delayMs = step.everyMs) => {
    if (stopped) return;
    const due = performance.now() + delayMs;
    const timer = setTimeout(() => {
      const started = performance.now();
      jobLag.set({ job: step.name }, Math.max(0, started - due) / 1000);
      const run = step
        .run(clock.now())
        .then(
          () => jobRuns.inc({ job: step.name, outcome: 'ok' }),
          (error: unknown) => {
            jobRuns.inc({ job: step.name, outcome: 'failed' });
            log.error({ err: error, job: step.name }, 'job step failed');
          },
        )
        .finally(() => {
          jobDuration.observe({ job: step.name }, (performance.now() - started) / 1000);
          running.delete(run);
          schedule(step);
        });
      running.add(run);
    }, delayMs);
    timer.unref();
    timers.set(step.name, timer);
  };

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      // Every step runs once right away: work left by an instance that stopped is picked up at start-up.
      for (const step of steps) schedule(step, 0);
    },
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
};
