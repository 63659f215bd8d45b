import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { accounts, auditLog, checkoutSessions, providerEvents } from '../../db/schema';
import { isCurrentBillingLink } from '../../lib/billing-links';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** Whether the account has a Billing address whose dated link covers `now`. */
export const hasCurrentBillingAddress = async (db: PortalDb, accountId: bigint, now: Date): Promise<boolean> => {
  const result = await db.execute(sql`
    select 1 from account_addresses aa
    where aa.account_id = ${accountId} and ${isCurrentBillingLink('aa', sql`${now.toISOString()}::timestamptz`)}
    limit 1`);
  return result.rows.length > 0;
};

export const accountForCheckout = async (db: PortalDb, accountId: bigint) => {
  const [row] = await db
    .select({
      id: accounts.id,
      customerNo: accounts.customerNo,
      name: accounts.name,
      email: accounts.invoiceEmailAddress,
      providerCustomerRef: accounts.providerCustomerRef,
      language: accounts.language,
      currency: accounts.currency,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
};

/** Keeps the first provider customer of an account (concurrent first setups agree on it). */
export const rememberCustomerRef = async (tx: PortalDb, accountId: bigint, customerRef: string): Promise<void> => {
  await tx
    .update(accounts)
    .set({ providerCustomerRef: customerRef })
    .where(and(eq(accounts.id, accountId), isNull(accounts.providerCustomerRef)));
};

export const insertCheckoutSession = async (
  tx: PortalDb,
  values: typeof checkoutSessions.$inferInsert,
): Promise<CheckoutSessionRow> => {
  const [row] = await tx.insert(checkoutSessions).values(values).returning();
  return row!;
};

export const findCheckoutSession = async (db: PortalDb, sessionId: string, lock = false): Promise<CheckoutSessionRow | null> => {
  const query = db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

/** Completes a session: with the card it saved, or with none when the card was refused. */
export const completeCheckoutSessionRow = async (
  tx: PortalDb,
  sessionId: string,
  paymentMethodId: bigint | null,
  at: Date,
): Promise<CheckoutSessionRow> => {
  const [row] = await tx
    .update(checkoutSessions)
    .set({ status: 'complete', paymentMethodId, completedAt: at })
    .where(eq(checkoutSessions.id, sessionId))
    .returning();
  return row!;
};

/** Whether the audit log records that this session's card was refused (`action`, e.g. a duplicate card). */
export const wasCheckoutRefused = async (db: PortalDb, sessionId: string, action: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'checkout_session'), eq(auditLog.entityId, sessionId), eq(auditLog.action, action)))
    .limit(1);
  return row !== undefined;
};

export const isProviderEventProcessed = async (db: PortalDb, eventId: string): Promise<boolean> => {
  const [row] = await db.select({ id: providerEvents.id }).from(providerEvents).where(eq(providerEvents.id, eventId));
  return row !== undefined;
};

export const recordProviderEvent = async (db: PortalDb, eventId: string, type: string, at: Date): Promise<void> => {
  await db.insert(providerEvents).values({ id: eventId, type, receivedAt: at }).onConflictDoNothing();
};
