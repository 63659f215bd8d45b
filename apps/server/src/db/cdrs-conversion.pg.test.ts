/**
 * `npm run migrate-usage` killed (SIGKILL) in the middle of its copy resumes where its last committed
 * chunk ended, and the records end up partitioned, none lost or doubled
 * (docs/decisions/0032-partitioned-call-records.md).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecordsDigest, fillOldCallRecords, type CallRecordsDigest } from '../../test/call-records';
import { applyMigration, createDatabaseMigratedThrough } from '../../test/database';
import { cdrsPartitioned } from './cdr-partitions';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const RECORDS = 20_000;

/** The command as `npm run migrate-usage` runs it, in one process (tsx's own CLI would fork a child). */
const migrateUsage = (url: string, onLine: (line: string, kill: () => void) => void = () => {}) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate-usage.ts', '--chunk', '200'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      for (const line of text.split('\n').filter(Boolean)) onLine(line, () => child.kill('SIGKILL'));
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });

describe('npm run migrate-usage', () => {
  let installation: Awaited<ReturnType<typeof createDatabaseMigratedThrough>>;
  let before: CallRecordsDigest;
  beforeAll(async () => {
    installation = await createDatabaseMigratedThrough('0030_account_unapplied_credit');
    await fillOldCallRecords(installation.database.db, RECORDS);
    await applyMigration(installation.database, '0031_partitioned_call_records');
    before = await callRecordsDigest(installation.database.db);
  });
  afterAll(() => installation.drop());

  it('resumes after a kill -9 mid-copy, then swaps the tables with every record once', async () => {
    const db = installation.database.db;
    const killed = await migrateUsage(installation.url!, (line, kill) => {
      if (line.includes('copied through id')) kill();
    });
    expect(killed.signal, killed.out).toBe('SIGKILL');
    const { rows } = await db.execute<{ copied: string }>(sql`select copied_through::text as copied from cdrs_conversion`);
    const copied = Number(rows[0]!.copied);
    expect(copied).toBeGreaterThanOrEqual(200);
    expect(copied).toBeLessThan(RECORDS);
    // Whatever the killed run had copied stays, counted once.
    const { rows: partial } = await db.execute<{ n: string }>(sql`select count(*)::text as n from cdrs_partitioned`);
    expect(Number(partial[0]!.n)).toBe(copied);

    const finished = await migrateUsage(installation.url!);
    expect(finished.code, finished.out).toBe(0);
    expect(finished.out).toContain(`copied through id ${copied + 200} of ${RECORDS}`);
    expect(finished.out).toContain(`call records now partitioned by month (${RECORDS - copied} copied this run)`);
    expect(await cdrsPartitioned(db)).toBe(true);
    expect(await callRecordsDigest(db)).toEqual(before);
  });
});
