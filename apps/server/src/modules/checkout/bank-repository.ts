import { eq, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { bankDebitAgreements, users } from '../../db/schema';
import { isCurrentBillingLink } from '../../lib/billing-links';

export type BankDebitAgreementRow = typeof bankDebitAgreements.$inferSelect;

/** The account's current billing address on one line, as the agreement records it. */
export const currentBillingAddressLine = async (db: PortalDb, accountId: bigint, now: Date): Promise<string | null> => {
  const result = await db.execute<{ line: string }>(sql`
    select concat_ws(', ', nullif(concat_ws(' ', a.street_number, a.street_name), ''), a.city, a.province, a.postal, a.country) as line
    from account_addresses aa join addresses a on a.id = aa.address_id
    where aa.account_id = ${accountId} and ${isCurrentBillingLink('aa', sql`${now.toISOString()}::timestamptz`)}
    order by aa.start_date desc
    limit 1`);
  return result.rows[0]?.line ?? null;
};

export const personOf = async (db: PortalDb, userId: bigint) => {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
};

export const insertBankDebitAgreement = async (tx: PortalDb, values: typeof bankDebitAgreements.$inferInsert): Promise<BankDebitAgreementRow> => {
  const [row] = await tx.insert(bankDebitAgreements).values(values).returning();
  return row!;
};

export const agreementOfSession = async (db: PortalDb, checkoutSessionId: string): Promise<BankDebitAgreementRow | null> => {
  const [row] = await db.select().from(bankDebitAgreements).where(eq(bankDebitAgreements.checkoutSessionId, checkoutSessionId));
  return row ?? null;
};

/** Ties the agreement to the bank account it authorized. */
export const linkAgreement = async (tx: PortalDb, agreementId: bigint, paymentMethodId: bigint): Promise<void> => {
  await tx.update(bankDebitAgreements).set({ paymentMethodId }).where(eq(bankDebitAgreements.id, agreementId));
};
