import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { endpoints, PAYMENT_MESSAGES, pathFor, type CheckoutAppearance, type PaymentFailureReason } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { sandboxCharges, sandboxVault } from '../../db/schema';
import { InvalidWebhook, type PaymentProvider, type SavedPaymentMethod } from '../provider';
import type { AcceptedCard } from './card-entry';
import { savedSandboxBankAccount } from './bank-vault';

/** The sandbox's fixed publishable key (it has no secrets to protect). */
export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_portal';

/** Path of the sandbox's hosted checkout page (served by this server). */
export const sandboxCheckoutPath = (sessionId: string, appearance?: CheckoutAppearance): string =>
  `${pathFor(endpoints.sandboxCheckoutPage, { sessionId })}${appearance ? `?${new URLSearchParams({ theme: appearance.theme, lang: appearance.language })}` : ''}`;

/**
 * The vault reference of the card a setup session saves: derived from the session so the
 * provider can answer "which card did this session save" without a table of its own, and not
 * revealing the session id.
 */
export const sandboxCardRef = (sessionId: string): string => `pm_sb_${createHash('sha256').update(sessionId).digest('hex').slice(0, 24)}`;

/**
 * Stores what the sandbox processor keeps of a card entered on its page: never the number or CVC, only
 * display data and the card's fingerprint (`cardFingerprint`).
 */
export const saveSandboxCard = async (db: PortalDb, sessionId: string, card: AcceptedCard, fingerprint: string, now: Date): Promise<void> => {
  const values = {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    nameOnCard: card.nameOnCard,
    declinesCharges: card.declinesCharges,
    fingerprint,
  };
  await db
    .insert(sandboxVault)
    .values({ ref: sandboxCardRef(sessionId), createdAt: now, ...values })
    .onConflictDoUpdate({ target: sandboxVault.ref, set: values });
};

export interface DueSandboxCharge {
  paymentId: bigint;
  /** null when the card left the vault before the charge settled. */
  declinesCharges: boolean | null;
  /** A bank account's debits are returned for this reason (docs/decisions/0035-bank-debit.md); null: they settle. */
  returnReason: PaymentFailureReason | null;
}

/**
 * Locks sandbox charges submitted at or before `cutoff` that are still InProgress. SKIP LOCKED
 * lets several server instances settle side by side without taking the same payment.
 */
export const lockDueSandboxCharges = async (tx: PortalDb, cutoff: Date, limit: number, bankCutoff: Date = cutoff): Promise<DueSandboxCharge[]> => {
  // A bank debit is Processing until the later bank cutoff (docs/decisions/0035-bank-debit.md).
  const result = await tx.execute<{ id: bigint; declines_charges: boolean | null; return_reason: PaymentFailureReason | null }>(sql`
    select p.id, v.declines_charges, v.return_reason
    from payments p
    left join payment_methods pm on pm.id = p.payment_method_id
    left join sandbox_vault v on v.ref = pm.provider_ref
    where p.provider = 'sandbox' and p.status = 'InProgress' and p.provider_ref is not null
      and p.created_at <= case when p.bank_debit then ${bankCutoff.toISOString()}::timestamptz else ${cutoff.toISOString()}::timestamptz end
    order by p.created_at, p.id
    limit ${limit}
    for update of p skip locked`);
  return result.rows.map((row) => ({ paymentId: BigInt(row.id), declinesCharges: row.declines_charges, returnReason: row.return_reason }));
};

/**
 * The built-in card processor (docs/decisions/0007-sandbox-card-provider.md). Cards are entered on its page served by this
 * server; charges are accepted as pending and settled by the settlement job after
 * SANDBOX_SETTLE_MS, as a real processor's webhook would.
 */
export const createSandboxProvider = ({ db, publicOrigin }: { db: PortalDb; publicOrigin: string }): PaymentProvider => ({
  name: 'sandbox',
  publicKey: SANDBOX_PUBLIC_KEY,

  createSetupSession: async ({ appearance }) => {
    const id = `cs_sb_${randomBytes(24).toString('base64url')}`;
    return { id, url: `${publicOrigin}${sandboxCheckoutPath(id, appearance)}`, customerRef: null };
  },

  retrieveSetupMethod: async (sessionId): Promise<SavedPaymentMethod | null> => {
    const [saved] = await db.select().from(sandboxVault).where(eq(sandboxVault.ref, sandboxCardRef(sessionId)));
    if (!saved) return null;
    if (saved.bankScheme) return savedSandboxBankAccount(saved);
    return { type: 'card', providerRef: saved.ref, brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth!, expYear: saved.expYear!, fingerprint: saved.fingerprint };
  },

  // As Stripe does: the same idempotency key gives back the charge taken the first time, never a second one.
  charge: async (input) => {
    const [earlier] = await db.select({ ref: sandboxCharges.ref }).from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
    if (earlier) return { status: 'pending', providerRef: earlier.ref };
    const [card] = await db.select({ ref: sandboxVault.ref }).from(sandboxVault).where(eq(sandboxVault.ref, input.paymentMethodRef));
    if (!card) return { status: 'failed', providerRef: null, failureReason: 'card_removed', failureMessage: PAYMENT_MESSAGES.cardRemoved };
    const [taken] = await db
      .insert(sandboxCharges)
      .values({
        idempotencyKey: input.idempotencyKey,
        ref: `ch_sb_${randomBytes(12).toString('hex')}`,
        cardRef: card.ref,
        amountMinor: input.amountMinor,
        currency: input.currency,
      })
      .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
      .returning({ ref: sandboxCharges.ref });
    if (taken) return { status: 'pending', providerRef: taken.ref };
    // A concurrent request with the same key won the insert: answer with its charge.
    const [winner] = await db.select({ ref: sandboxCharges.ref }).from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
    return { status: 'pending', providerRef: winner!.ref };
  },

  // The refund's reference is derived from its key, so a retried refund is the same one; the sandbox
  // refunds only charges it took (the portal bounds the amount under the payment's lock).
  refund: async (input) => {
    const [charge] = await db.select({ ref: sandboxCharges.ref }).from(sandboxCharges).where(eq(sandboxCharges.ref, input.paymentProviderRef));
    if (!charge) return { status: 'failed', failureMessage: 'The sandbox took no such charge.' };
    return { status: 'succeeded', providerRef: `re_sb_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}` };
  },

  detach: async (paymentMethodRef) => {
    await db.delete(sandboxVault).where(eq(sandboxVault.ref, paymentMethodRef));
  },

  parseWebhook: () => {
    throw new InvalidWebhook('The sandbox provider sends no webhooks.');
  },
});
