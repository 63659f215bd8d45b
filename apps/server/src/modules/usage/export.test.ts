/**
 * The usage CSV on its own: keyset chunks (PGlite) give byte for byte the file one pass gives, whatever the
 * chunk size, with exactly the filtered records; and the COPY statement carries the filter's values quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo';
import { usageCopyStatement, usageCsvStream } from './export';
import { usageCondition } from './repository';

let database: Database;
let accountId: bigint;

beforeAll(async () => {
  database = await createTestDatabase();
  accountId = (await seedDemoData(database, { now: new Date('2025-06-15T12:00:00Z') })).accountIds.customer;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const read = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

const CSV = { language: 'en', timeZone: 'America/Toronto' } as const;

describe('usageCsvStream', () => {
  it('writes the same file in chunks of any size, with exactly the filtered records', async () => {
    const condition = usageCondition(accountId, { from: '2025-01-01', to: '2025-05-31', type: 'voice' }, CSV.timeZone);
    const whole = await read(await usageCsvStream(database, condition, CSV));
    const chunked = await read(await usageCsvStream(database, condition, CSV, 7));
    expect(chunked).toBe(whole);
    const { rows } = await database.db.execute<{ n: string }>(
      sql`select count(*)::text as n from cdrs where account_id = ${accountId} and kind = 'voice' and started_at >= '2025-01-01T00:00:00-05:00' and started_at < '2025-06-01T00:00:00-04:00'`,
    );
    const lines = whole.replace(/^\uFEFF/, '').trimEnd().split('\n');
    expect(lines).toHaveLength(Number(rows[0]!.n) + 1);
    const times = lines.slice(1).map((line) => Date.parse(line.split(',')[0]!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('prints the filter values as quoted literals in the COPY', () => {
    const statement = usageCopyStatement(usageCondition(42n, { number: "416'--", minAmount: 1.5, roaming: true }, CSV.timeZone), { csv: CSV });
    expect(statement).toContain(`"cdrs"."account_id" = '42'::bigint`);
    expect(statement).toContain(`like '%416%'`);
    expect(statement).toContain(`>= '1.50'::numeric`);
    expect(statement).not.toContain('$1');
    expect(statement).toMatch(/^copy \(select .* order by started_at, id\) to stdout with \(format csv, header true\)$/s);
  });
});
