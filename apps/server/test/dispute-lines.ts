/**
 * Disputes of a usage line and of the call records billed on it: a posted invoice with one Usage line
 * and its records (the invoice's records of the line's usage class), and calls as a customer or staff.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { parseJson, stringifyJson } from '@portal/contract';
import type { PortalDb } from '../src/db/client';
import { cdrs, charges } from '../src/db/schema';
import { bearer, createInvoice, tokenFor } from './factories';

/** Roaming voice, a usage class of its own (lib/rating `UsageClass.RoamingVoice`). */
export const ROAMING_VOICE = 5;

export interface UsageLine {
  invoiceId: bigint;
  lineId: bigint;
  recordIds: bigint[];
}

/** A posted invoice with a Usage line of `lineAmount` and records of its class with `recordAmounts` (4 decimals). */
export const createUsageLine = async (
  db: PortalDb,
  accountId: bigint,
  lineAmount: string,
  recordAmounts: string[],
  invoice: { postedDate: Date; startDate: string; endDate: string; dueDate: string },
): Promise<UsageLine> => {
  const created = await createInvoice(db, accountId, { amount: lineAmount, ...invoice });
  const [line] = await db
    .insert(charges)
    .values({ accountId, invoiceId: created.id, category: 'Usage', description: 'Roaming calls', quantity: '9.1', unitAmount: '1.0000', amount: lineAmount, currency: 'CAD', startDate: invoice.startDate, endDate: invoice.endDate, usageClass: ROAMING_VOICE })
    .returning();
  // The factory's plan line would double the invoice: the usage line is all it bills.
  await db.delete(charges).where(and(eq(charges.invoiceId, created.id), eq(charges.category, 'Plan')));
  const records = await db
    .insert(cdrs)
    .values(
      recordAmounts.map((amount, i) => ({
        invoiceId: created.id,
        accountId,
        kind: 'voice' as const,
        startedAt: new Date(`${invoice.startDate}T1${i % 10}:00:00Z`),
        fromNumber: '+14165550100',
        toNumber: '+442079460000',
        durationSeconds: 60,
        description: 'Call to the United Kingdom while roaming',
        amount,
        usageClass: ROAMING_VOICE,
      })),
    )
    .returning({ id: cdrs.id });
  return { invoiceId: created.id, lineId: line!.id, recordIds: records.map((r) => r.id) };
};

export type Caller = { id: bigint; name: string; roles: string[] };

/** Calls the app as a user with a token issued at `now` (one per user), the answer's body read losslessly. */
export const callAs = (app: FastifyInstance, db: PortalDb, now: () => Date) => {
  const tokens = new Map<bigint, Promise<string>>();
  const tokenOf = (user: Caller) => {
    if (!tokens.has(user.id)) tokens.set(user.id, tokenFor(db, user, { now: now(), ...(user.roles.length ? { accountIds: [] } : {}) }));
    return tokens.get(user.id)!;
  };
  return async (user: Caller, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...bearer(await tokenOf(user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: stringifyJson(body) }),
    });
    return { status: res.statusCode, body: parseJson(res.body) as Record<string, unknown> };
  };
};

/** The live (not Rejected) disputes of a line and of its records, in cents, read from the database. */
export const liveDisputedCents = async (db: PortalDb, line: UsageLine): Promise<{ line: bigint; records: bigint[] }> => {
  const { rows } = await db.execute<{ charge_id: string | null; cdr_id: string | null; cents: string }>(sql`
    select charge_id::text, cdr_id::text, (sum(amount) * 100)::bigint::text as cents from disputes
    where invoice_id = ${line.invoiceId} and status <> 'Rejected' group by charge_id, cdr_id`);
  const centsOf = (match: (r: (typeof rows)[number]) => boolean) => rows.filter(match).reduce((sum, r) => sum + BigInt(r.cents), 0n);
  return {
    line: centsOf((r) => r.charge_id === String(line.lineId)),
    records: line.recordIds.map((id) => centsOf((r) => r.cdr_id === String(id))),
  };
};

/**
 * 20 disputes at once of a 10.00 line billed from records of 4.00, 3.00 and 3.00: every fourth of the
 * line (2.50), the rest of its records in turn (1.50), 35.00 asked for in all.
 */
export const MIXED_LINE = { amount: '10.00', records: ['4.0000', '3.0000', '3.0000'] } as const;

export const disputeTwentyAtOnce = (call: ReturnType<typeof callAs>, user: Caller, line: UsageLine) =>
  Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(user, 'POST', '/b/v1/Dispute', {
        ...(i % 4 === 0 ? { chargeId: line.lineId, amount: 2.5 } : { cdrId: line.recordIds[i % 3]!, amount: 1.5 }),
        reason: 'WrongAmount',
      }),
    ),
  );
