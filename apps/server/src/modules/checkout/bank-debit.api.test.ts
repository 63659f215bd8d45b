/** Bank accounts through the sandbox (docs/decisions/0035-bank-debit.md): the agreement, the form, the debits and their returns. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANK_DEBIT_AGREEMENTS } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, createCustomer } from '../../../test/billing';
import { bearer, createBillingDetails, createInvoice, tokenFor } from '../../../test/factories';
import { mailHeader, mailParts, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { accounts, bankDebitAgreements, events, notifications, paymentMethods, payments, sandboxVault, users } from '../../db/schema';
import { settleDueSandboxPayments } from '../payments';
import { runDueAutopay } from '../accounts';
import { BANK_SETUP_MESSAGES } from './bank-setup';

const NOW = '2025-06-10T12:00:00Z';
const ORIGIN = 'http://localhost:3000';
const SUCCESS = `${ORIGIN}/payment-methods?paymentMethodAdded=true`;
const CANCEL = `${ORIGIN}/payment-methods`;
const BANK_SETTLE_MS = 3 * 86_400_000;

let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({ clock: createTestClock(NOW), config: { PUBLIC_ORIGIN: ORIGIN, SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => ctx.clock.set(NOW));

const db = () => ctx.database.db;

const customer = async (currency: 'CAD' | 'USD' = 'CAD', language: 'English' | 'French' = 'English') => {
  const c = await createCustomer(ctx, { currency, language });
  await createBillingDetails(db(), c.account.id);
  const email = `${c.user.username}@example.com`;
  await db().update(users).set({ email }).where(eq(users.id, c.user.id));
  return { ...c, email };
};
type Customer = Awaited<ReturnType<typeof customer>>;

const schemeOf = (currency: string) => (currency === 'USD' ? 'us_bank_account' : 'acss_debit') as 'acss_debit' | 'us_bank_account';

const setupBody = (c: Customer, agreement: object | undefined, language: 'en' | 'fr' = 'en') => ({
  accountId: c.account.id.toString(),
  order: { name: c.account.name, accountId: c.account.id.toString(), currency: c.account.currency },
  successUrl: SUCCESS,
  cancelUrl: CANCEL,
  appearance: { theme: 'light', language },
  methodType: 'bank_account',
  ...(agreement ? { agreement } : {}),
});

const accepted = (c: Customer, language: 'en' | 'fr' = 'en') => ({
  version: BANK_DEBIT_AGREEMENTS[schemeOf(c.account.currency)][language].version,
  language,
  accepted: true,
});

const startBankSetup = (c: Customer, agreement: object | null = accepted(c), language: 'en' | 'fr' = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers: c.headers, remoteAddress: '203.0.113.7', payload: setupBody(c, agreement ?? undefined, language) });

const form = (path: string, fields: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

const padAccount = (accountNumber: string, overrides: Record<string, string> = {}) => ({ transit: '11000', institution: '000', accountNumber, accountHolder: 'Pat Lee', ...overrides });

/** Adds a bank account through the sandbox page; answers its payment method row. */
const addBankAccount = async (c: Customer, accountNumber: string, fields: Record<string, string> = {}) => {
  const started = await startBankSetup(c);
  expect(started.statusCode).toBe(200);
  const { id } = started.json() as { id: string };
  const fieldsFor = c.account.currency === 'USD' ? { routing: '110000000', accountNumber, accountHolder: 'Pat Lee', ...fields } : padAccount(accountNumber, fields);
  const saved = await form(`/b/v1/checkoutapi/sandbox/${id}/bank`, fieldsFor);
  expect(saved.statusCode).toBe(303);
  const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.accountId, c.account.id));
  return { sessionId: id, method: method!, location: saved.headers.location };
};

const payBy = (c: Customer, paymentMethodId: bigint, amount: number, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/b/v1/Payment/customerpayment?autoAssignPayment',
    headers: { ...c.headers, 'idempotency-key': key },
    payload: { payment: { accountId: c.account.id.toString(), amount, currency: c.account.currency }, paymentMethodInfo: { paymentMethodId: paymentMethodId.toString() } },
  });

// A token of now: the bank's days outlive the customer's first session.
const homeOf = async (c: Customer) => {
  const headers = bearer(await tokenFor(db(), c.user, { now: ctx.clock.now(), issuer: ctx.app.config.AUTH_ISSUER }));
  return (await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${c.account.id}`, headers })).json();
};

const settle = () => settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0, BANK_SETTLE_MS);

const paymentRow = async (id: bigint) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;

/** The mails sent to `to` since the last call, decoded. */
const mailsTo = async (to: string) => {
  await ctx.app.outbox.deliverDue(ctx.clock.now());
  return smtp.received
    .filter((m) => m.to.includes(to))
    .map((m) => ({ subject: (mailHeader(m.raw, 'Subject') ?? '').replace(/\s+/g, ' '), text: mailParts(m.raw).parts['text/plain'] ?? '' }));
};

describe('starting a bank account setup', () => {
  it.each([
    ['without the agreement', null, BANK_SETUP_MESSAGES.agreement],
    ['with an earlier version of the agreement', { version: 'pad-2020-01', language: 'en', accepted: true }, BANK_SETUP_MESSAGES.agreementVersion],
  ])('refuses %s, and opens no session', async (_name, agreement, message) => {
    const c = await customer();
    const res = await startBankSetup(c, agreement);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await db().select().from(bankDebitAgreements).where(eq(bankDebitAgreements.accountId, c.account.id))).toEqual([]);
  });

  it('refuses an account billed in a currency without bank debit', async () => {
    const c = await customer();
    await db().update(accounts).set({ currency: 'EUR' }).where(eq(accounts.id, c.account.id));
    const res = await startBankSetup(c);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: BANK_SETUP_MESSAGES.currency });
  });
});

describe('the sandbox bank account form', () => {
  it('shows the PAD fields in the language asked for, and refuses invalid numbers with clear messages', async () => {
    const c = await customer();
    const { id } = (await startBankSetup(c, accepted(c, 'fr'), 'fr')).json() as { id: string };
    const page = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/sandbox/${id}?theme=light&lang=fr` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr-CA"');
    expect(page.body).toContain('Numéro de transit (5 chiffres)');
    expect(page.body).toContain('000123456789');

    const refused = await form(`/b/v1/checkoutapi/sandbox/${id}/bank?theme=light&lang=fr`, padAccount('12', { transit: '1100', institution: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Le numéro de transit doit compter 5 chiffres.');
    expect(refused.body).toContain('Saisissez le numéro d’institution.');
    expect(refused.body).toContain('Le numéro de compte doit compter de 7 à 12 chiffres.');
    // The account number is never shown again, nor kept.
    expect(refused.body).not.toContain('value="12"');
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.accountId, c.account.id))).toEqual([]);
  });

  it('checks an ACH routing number by its checksum', async () => {
    const c = await customer('USD');
    const { id } = (await startBankSetup(c)).json() as { id: string };
    const page = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/sandbox/${id}` });
    expect(page.body).toContain('Routing number (9 digits)');
    const refused = await form(`/b/v1/checkoutapi/sandbox/${id}/bank`, { routing: '110000001', accountNumber: '000123456789', accountHolder: 'Pat Lee' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This routing number is not valid: please check it.');
  });
});

describe('a saved bank account', () => {
  it('is listed as a bank account, default when it is the first, with the agreement stored and its confirmation emailed in English', async () => {
    const c = await customer();
    const { method, location } = await addBankAccount(c, '000123456789');
    expect(location).toBe(SUCCESS);
    expect(method).toMatchObject({ type: 'bank_account', brand: 'Sandbox Bank', last4: '6789', expMonth: null, bankScheme: 'acss_debit', bankRouting: '000-11000', isDefault: true });
    const vault = await db().select().from(sandboxVault).where(eq(sandboxVault.ref, method.providerRef));
    expect(JSON.stringify(vault)).not.toContain('000123456789');

    const listed = (await ctx.app.inject({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${c.account.id}`, headers: c.headers })).json().value;
    expect(listed).toEqual([
      {
        paymentMethod: { id: Number(method.id), default: true, lastChargeFailed: false, type: 'bank_account' },
        card: null,
        bankAccount: { id: method.providerRef, scheme: 'acss_debit', bankName: 'Sandbox Bank', last4: '6789', routing: '000-11000', agreementVersion: 'pad-2026-12' },
      },
    ]);

    const [agreement] = await db().select().from(bankDebitAgreements).where(eq(bankDebitAgreements.accountId, c.account.id));
    expect(agreement).toMatchObject({
      paymentMethodId: method.id,
      scheme: 'acss_debit',
      version: 'pad-2026-12',
      language: 'en',
      acceptedByUserId: c.user.id,
      acceptedByEmail: c.email,
      ipAddress: '203.0.113.7',
      billingAddress: '100 King St W, Toronto, ON, M5X 1A9, CA',
    });
    expect(agreement!.acceptedAt.toISOString()).toBe('2025-06-10T12:00:00.000Z');

    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toContain('your pre-authorized debit agreement is confirmed');
    expect(mail!.text).toContain('You accepted the agreement below for the bank account Sandbox Bank ending in 6789');
    expect(mail!.text).toContain('You have certain recourse rights');
    expect(mail!.text).toContain('Version pad-2026-12, accepted 2025-06-10T12:00:00.000Z');

    const [event] = await db().select().from(events).where(and(eq(events.accountId, c.account.id), eq(events.type, 'payment_method.added')));
    expect(event!.data).toMatchObject({ type: 'bank_account', brand: 'Sandbox Bank', last4: '6789', expMonth: null, isDefault: true });
  });

  it('emails the confirmation in French for a French account', async () => {
    const c = await customer('CAD', 'French');
    await addBankAccount(c, '000123456789');
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toContain('confirmation de votre accord de débit préautorisé');
    expect(mail!.text).toContain('Vous avez accepté l’accord ci-dessous pour le compte bancaire Sandbox Bank se terminant par 6789');
    expect(mail!.text).toContain('Vous disposez de certains droits de recours');
  });

  it('is saved once per account: the same account number again is refused', async () => {
    const c = await customer();
    await addBankAccount(c, '000123456789');
    const { id } = (await startBankSetup(c)).json() as { id: string };
    const again = await form(`/b/v1/checkoutapi/sandbox/${id}/bank`, padAccount('000123456789'));
    expect(again.headers.location).toContain('cardNotSaved=duplicate');
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.accountId, c.account.id))).toHaveLength(1);
  });
});

describe('paying by bank debit', () => {
  /** An overdue invoice of 100.00 paid by a bank account saved with `accountNumber`. */
  const paidByBank = async (accountNumber: string, currency: 'CAD' | 'USD' = 'CAD') => {
    const c = await customer(currency);
    const invoice = await createInvoice(db(), c.account.id, { amount: '100.00', currency, dueDate: '2025-06-01' });
    const { method } = await addBankAccount(c, accountNumber);
    await mailsTo(c.email);
    const res = await payBy(c, method.id, 100, `bank-${accountNumber}-${c.account.id}`);
    expect(res.statusCode).toBe(200);
    return { c, invoice, method, paymentId: BigInt(res.json().payment.id as string) };
  };

  it('is Processing for the delay: paid for "overdue", not for the balance; the debit is noticed by email; then it settles', async () => {
    const { c, paymentId } = await paidByBank('000123456789');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'InProgress', bankDebit: true, cardBrand: 'Sandbox Bank', cardLast4: '6789' });
    const notice = (await mailsTo(c.email)).at(-1)!;
    expect(notice.subject).toContain('a bank debit is coming');
    expect(notice.text).toContain('$100.00 will be debited from your bank account Sandbox Bank ending in 6789 on Jun 10, 2025.');

    const home = await homeOf(c);
    expect(home.overdue).toEqual([]);
    expect(home.balances).toEqual([{ amount: -100, currency: { code: 'CAD' } }]);

    ctx.clock.advance(BANK_SETTLE_MS - 1000);
    expect(await settle()).toBe(0);
    expect((await paymentRow(paymentId)).status).toBe('InProgress');
    ctx.clock.advance(1000);
    expect(await settle()).toBe(1);
    expect((await paymentRow(paymentId)).status).toBe('Successful');
    expect((await homeOf(c)).balances).toEqual([{ amount: 0, currency: { code: 'CAD' } }]);
  });

  it.each([
    ['000222222227', 'bank_insufficient_funds', 'Your bank returned the debit: there were insufficient funds in the account'],
    ['000111111113', 'bank_account_closed', 'Your bank returned the debit: the bank account is closed'],
  ] as const)('returned after the delay (%s): the invoice is open and overdue again, the customer told, payment.failed with the reason', async (accountNumber, reason, text) => {
    const { c, paymentId } = await paidByBank(accountNumber);
    expect(await settle()).toBe(0);
    ctx.clock.advance(BANK_SETTLE_MS);
    expect(await settle()).toBe(1);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'Error', failureReason: reason });
    const home = await homeOf(c);
    expect(home.overdue).toEqual([{ amount: 100, currency: { code: 'CAD' }, since: '2025-06-01' }]);
    const notes = await db().select().from(notifications).where(eq(notifications.accountId, c.account.id));
    expect(notes.map((n) => n.message)).toContain(`Your payment of $100.00 failed: ${text}.`);
    const [failed] = await db().select().from(events).where(and(eq(events.accountId, c.account.id), eq(events.type, 'payment.failed')));
    expect(failed!.data).toMatchObject({ paymentId: String(paymentId), failureReason: reason });
  });

  it('an ACH account in USD settles the same way', async () => {
    const { paymentId, method } = await paidByBank('000123456789', 'USD');
    expect(method).toMatchObject({ bankScheme: 'us_bank_account', bankRouting: '110000000' });
    ctx.clock.advance(BANK_SETTLE_MS);
    expect(await settle()).toBe(1);
    expect((await paymentRow(paymentId)).status).toBe('Successful');
  });
});

describe('automatic payments from a bank account', () => {
  it('a bank account can pay automatic payments: saved as the schedule, turned off and on again, it debits on the due date', async () => {
    const c = await customer();
    await createInvoice(db(), c.account.id, { amount: '45.00', dueDate: '2025-06-12' });
    const { method } = await addBankAccount(c, '000123456789');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/b/v1/Account/${c.account.id}/autopay`,
      headers: c.headers,
      payload: { accountId: c.account.id.toString(), paymentMethodId: method.id.toString(), frequency: 'dueDate', amountType: 'full', fixedAmount: null },
    });
    expect(put.statusCode).toBe(200);
    const toggle = (paymentMethod: string) =>
      ctx.app.inject({ method: 'POST', url: '/b/v1/Account/update-default-payment-method', headers: c.headers, payload: { accountId: c.account.id.toString(), paymentMethod } });
    expect((await toggle('Credit Card (Manual)')).statusCode).toBe(200);
    // No expiry is not an expired card.
    expect((await toggle('Credit Card')).statusCode).toBe(200);
    await runDueAutopay(appDeps(ctx), new Date('2025-06-12T12:00:00Z'));
    const [debit] = await db().select().from(payments).where(eq(payments.accountId, c.account.id));
    expect(debit).toMatchObject({ paymentMethodId: method.id, bankDebit: true, status: 'InProgress', amount: '45.00' });
  });
});
