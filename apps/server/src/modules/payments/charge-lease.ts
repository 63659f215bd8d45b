/**
 * Who may send a payment's charge to the provider: the instance holding its lease. A lease is
 * taken when the payment is created (by the request or job that creates it) or claimed by the
 * resubmit job with `FOR UPDATE SKIP LOCKED`, and renewed while the provider call runs, so no row
 * lock or connection is held during the network call. An instance that dies stops renewing, and
 * another sends the charge again (same idempotency key) soon after.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { payments } from '../../db/schema';

/** How long a lease lasts without renewal: the longest a crashed instance delays a charge. */
export const CHARGE_LEASE_MS = 5_000;
/** How often a running charge renews its lease (several times per lease). */
export const CHARGE_LEASE_RENEW_MS = 1_500;
/** Until when a new payment's charge belongs to its creator. */
export const initialChargeLease = (createdAt: Date) => ({ chargeLeaseUntil: new Date(createdAt.getTime() + CHARGE_LEASE_MS), chargeAttempts: 1 });

/** After the provider could not be reached: 15 s, 30 s, 1 min, … up to 5 min before the next try. */
export const retryDelayMs = (attempts: number): number => Math.min(5 * 60_000, 15_000 * 2 ** Math.max(0, attempts - 1));

const unsent = (paymentId: bigint) => and(eq(payments.id, paymentId), eq(payments.status, 'InProgress'), isNull(payments.providerRef));

export const renewChargeLease = async (db: PortalDb, paymentId: bigint, until: Date): Promise<void> => {
  await db.update(payments).set({ chargeLeaseUntil: until }).where(unsent(paymentId));
};

/** The provider could not be reached on attempt `attempts`: the charge waits for its next try. */
export const deferCharge = async (db: PortalDb, paymentId: bigint, now: Date, attempts: number): Promise<void> => {
  await renewChargeLease(db, paymentId, new Date(now.getTime() + retryDelayMs(attempts)));
};

/**
 * Claims up to `limit` charges of the provider that nobody is sending (never sent, sender gone, or
 * retry due): each claimed row gets a fresh lease and one more attempt, atomically, so of several
 * instances claiming at once each row goes to exactly one.
 */
export const claimUnsentCharges = async (db: PortalDb, provider: string, now: Date, limit: number): Promise<bigint[]> => {
  const leaseUntil = new Date(now.getTime() + CHARGE_LEASE_MS).toISOString();
  const result = await db.execute<{ id: bigint }>(sql`
    with claimable as (
      select id from payments
      where status = 'InProgress' and provider_ref is null and provider = ${provider} and pay_all_id is null
        and (charge_lease_until is null or charge_lease_until <= ${now.toISOString()})
      order by created_at, id
      limit ${limit}
      for update skip locked
    )
    update payments p set charge_lease_until = ${leaseUntil}, charge_attempts = p.charge_attempts + 1
    from claimable c where p.id = c.id
    returning p.id`);
  return result.rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
};
