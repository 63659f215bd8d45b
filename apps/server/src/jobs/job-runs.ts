/**
 * The record of each job step's last run (`job_runs`), shared by every instance: whether a step is
 * due is read from it, so a restart neither repeats a run nor postpones one, and of instances that
 * find a step due at once exactly one runs it.
 */
import { eq, lte } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import { jobRuns } from '../db/schema';

/** Whether this instance runs the step now, and the run its next one counts from. */
export interface RunClaim {
  claimed: boolean;
  lastRunAt: Date;
}

export interface JobRunRecord {
  /** Records a run at `now` if `everyMs` have passed since the recorded one (or none is recorded). */
  claim(name: string, now: Date, everyMs: number): Promise<RunClaim>;
}

export const createJobRunRecord = (db: PortalDb): JobRunRecord => ({
  claim: async (name, now, everyMs) => {
    // One conditional upsert: concurrent claims of one due run serialise on the row, and the later
    // ones find the run already recorded.
    const claimed = await db
      .insert(jobRuns)
      .values({ name, lastRunAt: now })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { lastRunAt: now },
        setWhere: lte(jobRuns.lastRunAt, new Date(now.getTime() - everyMs)),
      })
      .returning({ name: jobRuns.name });
    if (claimed.length > 0) return { claimed: true, lastRunAt: now };
    const [recorded] = await db.select({ lastRunAt: jobRuns.lastRunAt }).from(jobRuns).where(eq(jobRuns.name, name));
    return { claimed: false, lastRunAt: recorded?.lastRunAt ?? now };
  },
});
