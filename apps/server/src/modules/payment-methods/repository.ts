import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { autopaySchedules, paymentMethods } from '../../db/schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;

export const findPaymentMethod = async (db: PortalDb, paymentMethodId: bigint): Promise<PaymentMethodRow | null> => {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, paymentMethodId));
  return row ?? null;
};

/**
 * A listed card and whether its latest settled payment failed (the next may fail too: the portal says so); a
 * bank account with the version of the agreement it was saved under.
 */
export type ListedPaymentMethod = PaymentMethodRow & { lastChargeFailed: boolean; agreementVersion: string | null };

/** The account's cards with the outcome of each one's last charge: the default first, then the newest. */
export const listCardsWithLastCharge = async (db: PortalDb, accountId: bigint): Promise<ListedPaymentMethod[]> => {
  const rows = await db
    .select({
      card: paymentMethods,
      // Spelled out: inside the subquery an unqualified column would be the payment's.
      lastChargeFailed: sql<boolean>`coalesce((
        select p.status = 'Error' from payments p
        where p.payment_method_id = payment_methods.id and p.status <> 'InProgress'
        order by p.settled_at desc nulls last, p.id desc limit 1), false)`,
      agreementVersion: sql<string | null>`(select a.version from bank_debit_agreements a where a.payment_method_id = payment_methods.id order by a.id desc limit 1)`,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map((row) => ({ ...row.card, lastChargeFailed: Boolean(row.lastChargeFailed), agreementVersion: row.agreementVersion ?? null }));
};

/** The account's cards: the default first, then the newest. */
export const listPaymentMethods = async (db: PortalDb, accountId: bigint): Promise<PaymentMethodRow[]> =>
  db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));

/**
 * Makes one card the account's only default. Two statements, in this order, because the partial
 * unique index (one default per account) is checked row by row.
 */
/** Makes the card the account's only default; answers whether it was not the default already, and which card was. */
export const setDefaultPaymentMethod = async (
  tx: PortalDb,
  accountId: bigint,
  paymentMethodId: bigint,
): Promise<{ changed: boolean; previousId: bigint | null }> => {
  const [previous] = await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.isDefault, true), ne(paymentMethods.id, paymentMethodId)))
    .returning({ id: paymentMethods.id });
  const made = await tx
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.accountId, accountId), eq(paymentMethods.isDefault, false)))
    .returning({ id: paymentMethods.id });
  return { changed: made.length > 0, previousId: previous?.id ?? null };
};

export const deletePaymentMethod = async (tx: PortalDb, paymentMethodId: bigint): Promise<void> => {
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, paymentMethodId));
};

export const hasDefaultPaymentMethod = async (db: PortalDb, accountId: bigint): Promise<boolean> => {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.isDefault, true)));
  return row !== undefined;
};

/**
 * The account's saved card that is this card, if any: the one with its provider fingerprint (the same card
 * number), or else a card saved before fingerprints were kept (the demo data's, or older rows) with the same
 * brand, last four digits and expiry — the most a row without a fingerprint can tell.
 */
export const findSameCard = async (
  db: PortalDb,
  accountId: bigint,
  card: { fingerprint: string; brand: string; last4: string; expMonth: number; expYear: number },
): Promise<PaymentMethodRow | null> => {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.accountId, accountId),
        or(
          eq(paymentMethods.fingerprint, card.fingerprint),
          and(
            isNull(paymentMethods.fingerprint),
            eq(paymentMethods.brand, card.brand),
            eq(paymentMethods.last4, card.last4),
            eq(paymentMethods.expMonth, card.expMonth),
            eq(paymentMethods.expYear, card.expYear),
          ),
        ),
      ),
    )
    .orderBy(sql`${paymentMethods.fingerprint} is null`)
    .limit(1);
  return row ?? null;
};

/**
 * Saves a card the provider reported. A card already saved (a repeated webhook, or the return
 * route and the webhook racing) is returned as it is.
 */
export const insertPaymentMethod = async (tx: PortalDb, values: NewPaymentMethod): Promise<PaymentMethodRow> => {
  const [inserted] = await tx.insert(paymentMethods).values(values).onConflictDoNothing({ target: [paymentMethods.provider, paymentMethods.providerRef] }).returning();
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, values.provider), eq(paymentMethods.providerRef, values.providerRef)));
  return existing!;
};

/** The autopay schedule paying with this card, if any. */
export const scheduleUsingCard = async (db: PortalDb, paymentMethodId: bigint) => {
  const [row] = await db.select().from(autopaySchedules).where(eq(autopaySchedules.paymentMethodId, paymentMethodId));
  return row ?? null;
};

export const countPaymentMethods = async (db: PortalDb, accountId: bigint): Promise<number> => {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from payment_methods where account_id = ${accountId}`);
  return Number(result.rows[0]?.n ?? 0);
};
