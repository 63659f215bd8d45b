import { createHmac } from 'node:crypto';
import type { BankDebitScheme, PaymentFailureReason } from '@portal/contract';
import { BANK_TEXTS, type BankEntryMessages } from './bank-texts';

/** What the sandbox bank account form posts: PAD's transit and institution, or ACH's routing number. */
export interface BankEntryForm {
  transit: string;
  institution: string;
  routing: string;
  accountNumber: string;
  accountHolder: string;
}

export type BankEntryField = keyof BankEntryForm;

/** A bank account accepted by the sandbox: display data, and how its debits behave. */
export interface AcceptedBankAccount {
  scheme: BankDebitScheme;
  bankName: string;
  last4: string;
  /** "004-12345" (institution-transit) for PAD, the routing number for ACH. */
  routing: string;
  accountHolder: string;
  /** Debits of this account are returned for this reason after the delay; null: they settle. */
  returnReason: PaymentFailureReason | null;
}

export type BankEntryResult = { ok: true; account: AcceptedBankAccount } | { ok: false; errors: Partial<Record<BankEntryField, string>> };

/**
 * Test account numbers (docs/decisions/0035-bank-debit.md, beside the test cards of 0007), Stripe's own for both
 * schemes: any other valid number settles too.
 */
export const SANDBOX_BANK_ACCOUNTS = {
  settles: '000123456789',
  insufficientFunds: '000222222227',
  closed: '000111111113',
} as const;

/** Test transit, institution and routing numbers (Stripe's test bank). */
export const SANDBOX_BANK_ROUTING = { transit: '11000', institution: '000', routing: '110000000' } as const;

const RETURNS: Record<string, PaymentFailureReason> = {
  [SANDBOX_BANK_ACCOUNTS.insufficientFunds]: 'bank_insufficient_funds',
  [SANDBOX_BANK_ACCOUNTS.closed]: 'bank_account_closed',
};

/** Canadian institution numbers of the banks most customers have; others are named by number. */
const INSTITUTIONS: Record<string, string> = {
  '000': 'Sandbox Bank',
  '001': 'BMO',
  '002': 'Scotiabank',
  '003': 'RBC Royal Bank',
  '004': 'TD Canada Trust',
  '006': 'National Bank',
  '010': 'CIBC',
  '815': 'Desjardins',
};

const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

/** The ABA checksum every US routing number carries: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export const routingNumberValid = (digits: string): boolean => {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
};

/** The sandbox's fingerprint of an account (the same account gives the same one), keyed like the card one. */
export const bankFingerprint = (scheme: BankDebitScheme, routing: string, accountNumber: string, secretsKey: Buffer): string => {
  const key = createHmac('sha256', secretsKey).update('sandbox bank fingerprint').digest();
  return createHmac('sha256', key).update(`${scheme}:${digitsOf(routing)}:${digitsOf(accountNumber)}`).digest('base64url').slice(0, 16);
};

const validHolder = (holder: string, m: BankEntryMessages): string | undefined =>
  holder === '' ? m.holderRequired : holder.length > 100 ? m.holderTooLong : undefined;

/**
 * Validates the sandbox bank form as a bank's would: PAD a 5-digit transit, a 3-digit institution and an account
 * of 7 to 12 digits; ACH a 9-digit routing number with its checksum and an account of 4 to 17 digits; a holder.
 */
export const validateBankEntry = (scheme: BankDebitScheme, form: BankEntryForm, m: BankEntryMessages = BANK_TEXTS.en.errors): BankEntryResult => {
  const errors: Partial<Record<BankEntryField, string>> = {};
  const account = digitsOf(form.accountNumber);
  let routing: string;
  let bankName: string;
  if (scheme === 'acss_debit') {
    const transit = digitsOf(form.transit);
    const institution = digitsOf(form.institution);
    if (transit === '') errors.transit = m.transitRequired;
    else if (!/^\d{5}$/.test(transit)) errors.transit = m.transitFormat;
    if (institution === '') errors.institution = m.institutionRequired;
    else if (!/^\d{3}$/.test(institution)) errors.institution = m.institutionFormat;
    if (account === '') errors.accountNumber = m.accountRequired;
    else if (!/^\d{7,12}$/.test(account)) errors.accountNumber = m.padAccountFormat;
    routing = `${institution}-${transit}`;
    bankName = INSTITUTIONS[institution] ?? m.institutionName(institution);
  } else {
    const number = digitsOf(form.routing);
    if (number === '') errors.routing = m.routingRequired;
    else if (!/^\d{9}$/.test(number)) errors.routing = m.routingFormat;
    else if (!routingNumberValid(number)) errors.routing = m.routingInvalid;
    if (account === '') errors.accountNumber = m.accountRequired;
    else if (!/^\d{4,17}$/.test(account)) errors.accountNumber = m.achAccountFormat;
    routing = number;
    bankName = number === SANDBOX_BANK_ROUTING.routing ? 'Sandbox Bank' : m.routingName(number);
  }
  const holder = form.accountHolder.trim();
  const holderError = validHolder(holder, m);
  if (holderError) errors.accountHolder = holderError;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, account: { scheme, bankName, last4: account.slice(-4), routing, accountHolder: holder, returnReason: RETURNS[account] ?? null } };
};
