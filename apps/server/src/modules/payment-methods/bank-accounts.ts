/**
 * Saving a bank account a finished setup reported, and the debit notice of each bank payment
 * (docs/decisions/0035-bank-debit.md). Run in the caller's transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { todayIn, type BankDebitScheme } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import type { PortalDb } from '../../db/client';
import { accounts, paymentMethods, users } from '../../db/schema';
import { BRAND } from '../../lib/brand';
import { isCurrentBillingLink } from '../../lib/billing-links';
import { documentLanguage } from '../../lib/language';
import type { MailOutbox } from '../../lib/mail-outbox';
import { composeAgreementConfirmation, composeDebitNotice, AGREEMENT_CONFIRMATION_PURPOSE, DEBIT_NOTICE_PURPOSE } from './bank-debit-emails';
import { insertPaymentMethod, type PaymentMethodRow } from './repository';

export interface BankAccountToSave {
  accountId: bigint;
  provider: PaymentMethodRow['provider'];
  providerRef: string;
  scheme: BankDebitScheme;
  bankName: string;
  last4: string;
  routing: string;
  fingerprint: string | null;
  isDefault: boolean;
  createdAt: Date;
}

export const insertBankAccount = (tx: PortalDb, account: BankAccountToSave): Promise<PaymentMethodRow> =>
  insertPaymentMethod(tx, {
    accountId: account.accountId,
    provider: account.provider,
    providerRef: account.providerRef,
    type: 'bank_account',
    brand: account.bankName,
    last4: account.last4,
    expMonth: null,
    expYear: null,
    bankScheme: account.scheme,
    bankRouting: account.routing,
    fingerprint: account.fingerprint,
    isDefault: account.isDefault,
    createdAt: account.createdAt,
  });

/** The account's bank account with this fingerprint (the same account number), if saved already. */
export const findSameBankAccount = async (db: PortalDb, accountId: bigint, fingerprint: string): Promise<PaymentMethodRow | null> => {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.fingerprint, fingerprint), eq(paymentMethods.type, 'bank_account')));
  return row ?? null;
};

const accountOf = async (db: PortalDb, accountId: bigint) => {
  const [row] = await db
    .select({ customerNo: accounts.customerNo, language: accounts.language, invoiceEmail: accounts.invoiceEmailAddress, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row!;
};

const personOf = async (db: PortalDb, userId: bigint | null) => {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
};

export interface AcceptedAgreement {
  accountId: bigint;
  scheme: BankDebitScheme;
  version: string;
  acceptedAt: Date;
  acceptedByName: string;
  acceptedByEmail: string | null;
  billingAddress: string;
}

/** Queues the agreement's confirmation to the person who accepted it (else the invoice email), in the account's language. */
export const queueAgreementConfirmation = async (tx: PortalDb, outbox: MailOutbox, agreement: AcceptedAgreement, method: PaymentMethodRow, now: Date): Promise<void> => {
  const account = await accountOf(tx, agreement.accountId);
  const to = agreement.acceptedByEmail ?? account.invoiceEmail;
  if (!to) return;
  const mail = composeAgreementConfirmation({
    to,
    name: agreement.acceptedByName,
    brand: BRAND.name,
    language: documentLanguage(account.language),
    scheme: agreement.scheme,
    version: agreement.version,
    customerNo: account.customerNo,
    bankName: method.brand,
    last4: method.last4,
    acceptedAt: agreement.acceptedAt,
    billingAddress: agreement.billingAddress,
  });
  await outbox.enqueue(tx, AGREEMENT_CONFIRMATION_PURPOSE, mail, now);
};

export interface BankDebitToNotice {
  accountId: bigint;
  amount: string;
  currency: string;
  /** The person who made the payment (told at once, as the agreement says); null for automatic payments, told 3 days ahead. */
  createdByUserId: bigint | null;
  method: Pick<PaymentMethodRow, 'brand' | 'last4'>;
  /** When the debit is taken. */
  at: Date;
}

/** The account's calendar zone: the provider's, else its current billing address's (docs/decisions/0025-the-account-time-zone-decides-its-dates.md). */
const timeZoneOf = async (db: PortalDb, accountId: bigint, at: Date): Promise<string> => {
  const result = await db.execute<{ time_zone: string | null; country: string | null; province: string | null }>(sql`
    select ac.time_zone, a.country, a.province from accounts ac
    left join account_addresses aa on aa.account_id = ac.id and ${isCurrentBillingLink('aa', sql`${at.toISOString()}::timestamptz`)}
    left join addresses a on a.id = aa.address_id
    where ac.id = ${accountId}
    limit 1`);
  const row = result.rows[0];
  return accountTimeZone(row?.time_zone, row ? { country: row.country, province: row.province } : null);
};

/** The notice of a debit the customer makes themselves: its amount and date, sent as it is taken. */
export const queueDebitNotice = async (tx: PortalDb, outbox: MailOutbox, debit: BankDebitToNotice): Promise<void> => {
  const account = await accountOf(tx, debit.accountId);
  const person = await personOf(tx, debit.createdByUserId);
  const to = person?.email ?? account.invoiceEmail;
  if (!to) return;
  const mail = composeDebitNotice({
    to,
    name: person?.name ?? account.name,
    brand: BRAND.name,
    language: documentLanguage(account.language),
    amount: debit.amount,
    currency: debit.currency,
    day: todayIn(await timeZoneOf(tx, debit.accountId, debit.at), debit.at),
    bankName: debit.method.brand,
    last4: debit.method.last4,
  });
  await outbox.enqueue(tx, DEBIT_NOTICE_PURPOSE, mail, debit.at);
};
