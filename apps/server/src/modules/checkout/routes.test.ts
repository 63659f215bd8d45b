import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PAYMENT_MESSAGES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, createCustomer } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPaymentMethod } from '../../../test/factories';
import { accountAddresses, accounts, auditLog, checkoutSessions, paymentMethods, payments, sandboxVault } from '../../db/schema';
import { settleDueSandboxPayments } from '../payments';

const NOW = '2025-06-10T12:00:00Z';
const ORIGIN = 'http://localhost:3000';
const SUCCESS = `${ORIGIN}/invoices/42?paymentMethodAdded=true&fromInvoiceId=42&showPaymentModal=true`;
const CANCEL = `${ORIGIN}/invoices/42`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW), config: { PUBLIC_ORIGIN: ORIGIN } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

const setupBody = (accountId: bigint, overrides: Record<string, unknown> = {}) => ({
  accountId: accountId.toString(),
  order: {
    name: 'Test Account',
    accountId: accountId.toString(),
    description: 'Add a card',
    email: 'billing@example.com',
    accountType: 'Residential',
    currency: 'CAD',
    address: { city: 'Toronto', country: 'CA', postalCode: 'M5X 1A9', state: 'ON', line1: '100 King St W' },
  },
  successUrl: SUCCESS,
  cancelUrl: CANCEL,
  ...overrides,
});

const customerWithAddress = async () => {
  const customer = await createCustomer(ctx);
  await createBillingDetails(ctx.database.db, customer.account.id);
  return customer;
};

const startSetup = (headers: Record<string, string>, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers, payload: body });

const pathOf = (url: string) => new URL(url).pathname;

const submitCard = (path: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const card = (overrides: Record<string, string> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  nameOnCard: 'Pat Lee',
  ...overrides,
});

const methodsOf = async (accountId: bigint, headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${accountId}`, headers })).json().value;

describe('GET /b/v1/CheckoutApi/stripepublickey', () => {
  it("answers the sandbox provider's public key", async () => {
    const { headers } = await createCustomer(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/CheckoutApi/stripepublickey', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: 'pk_sandbox_portal', provider: 'sandbox' });
    expect((await ctx.app.inject({ method: 'GET', url: '/b/v1/CheckoutApi/stripepublickey' })).statusCode).toBe(401);
  });
});

describe('POST /b/v1/checkoutapi/setup', () => {
  it('opens a 30-minute session on the sandbox checkout page', async () => {
    const { account, headers } = await customerWithAddress();
    const res = await startSetup(headers, setupBody(account.id));
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    expect(id).toMatch(/^cs_sb_[\w-]{32}$/);
    expect(url).toBe(`${ORIGIN}/b/v1/checkoutapi/sandbox/${id}`);
    const [row] = await ctx.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({
      accountId: account.id,
      provider: 'sandbox',
      status: 'open',
      successUrl: SUCCESS,
      cancelUrl: CANCEL,
    });
    expect(row!.expiresAt.toISOString()).toBe('2025-06-10T12:30:00.000Z');
  });

  it.each([
    ['no billing address at all', async () => undefined],
    [
      'only an ended billing address',
      async (accountId: bigint) => {
        const { accountAddress } = await createBillingDetails(ctx.database.db, accountId);
        await ctx.database.db
          .update(accountAddresses)
          .set({ endDate: new Date('2025-01-01T00:00:00Z') })
          .where(eq(accountAddresses.id, accountAddress.id));
      },
    ],
    [
      'only a future billing address',
      async (accountId: bigint) =>
        void (await createBillingDetails(ctx.database.db, accountId, new Date('2025-07-01T00:00:00Z'))),
    ],
  ])('refuses an account with %s', async (_name, prepare) => {
    const { account, headers } = await createCustomer(ctx);
    await prepare(account.id);
    const res = await startSetup(headers, setupBody(account.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.noBillingAddress });
  });

  it.each([
    ['success URL', { successUrl: 'https://evil.example/steal' }],
    ['cancel URL', { cancelUrl: 'http://localhost:3001/invoices' }],
  ])('refuses a %s on another origin', async (_name, overrides) => {
    const { account, headers } = await customerWithAddress();
    const res = await startSetup(headers, setupBody(account.id, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.returnUrlOrigin });
  });

  it('refuses an order for another account, and answers 404 for an account the caller may not use', async () => {
    const { account, headers } = await customerWithAddress();
    const other = await customerWithAddress();
    const mismatch = await startSetup(headers, { ...setupBody(account.id), order: { ...setupBody(other.account.id).order } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ error: PAYMENT_MESSAGES.orderAccountMismatch });
    const foreign = await startSetup(headers, setupBody(other.account.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'The account was not found.' });
  });
});

describe('sandbox checkout, end to end over HTTP', () => {
  it('shows a hosted checkout page, saves the card and returns to the success URL unchanged', async () => {
    const { account, headers } = await customerWithAddress();
    const { url } = (await startSetup(headers, setupBody(account.id))).json();

    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Name on card']) {
      expect(html).toMatch(new RegExp(`<label for="field-\\w+">${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(html).toContain('<button type="submit" class="button">Save card</button>');
    expect(html).toContain(`href="${CANCEL}"`);
    expect(html).toContain('Example Telecom');
    expect(html).toContain(`Account ${account.customerNo} · ${account.name}`);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<link rel="stylesheet" href="/b/v1/checkoutapi/sandbox-assets/checkout.css">');
    // The portal's icon in the tab, and the test cards' security codes as the form checks them.
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(html).toContain('a 3-digit security code, 4 digits for American Express');
    expect(html).toContain('3782 822463 10005');

    const saved = await submitCard(pathOf(url), card());
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(SUCCESS);

    expect(await methodsOf(account.id, headers)).toEqual([
      {
        paymentMethod: { id: expect.any(Number), default: true, lastChargeFailed: false, type: 'card' },
        card: {
          id: expect.stringMatching(/^pm_sb_/),
          brand: 'Visa',
          last4: '4242',
          expiry: '12/30',
          expMonth: 12,
          expYear: 2030,
        },
        bankAccount: null,
      },
    ]);
    const vault = await ctx.database.db.select().from(sandboxVault);
    expect(JSON.stringify(vault)).not.toContain('4242424242424242');

    const again = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(PAYMENT_MESSAGES.checkoutUnavailable);
    const repost = await submitCard(pathOf(url), card({ cardNumber: '5555 5555 5555 4444' }));
    expect(repost.statusCode).toBe(410);
    expect(await methodsOf(account.id, headers)).toHaveLength(1);
  });

  it('refuses the same card saved twice on one account: nothing saved, the return says why, and it is recorded', async () => {
    const { account, user, headers } = await customerWithAddress();
    const first = (await startSetup(headers, setupBody(account.id))).json();
    expect((await submitCard(pathOf(first.url), card())).headers.location).toBe(SUCCESS);
    const [saved] = await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, account.id));
    expect(saved!.fingerprint).toMatch(/^[\w-]{16}$/);
    const vaultBefore = await ctx.database.db.select().from(sandboxVault);

    // The same number typed differently, another name and expiry: still the same card.
    const second = (await startSetup(headers, setupBody(account.id))).json();
    const refused = await submitCard(pathOf(second.url), card({ cardNumber: '4242-4242-4242-4242', expiry: '11/31', nameOnCard: 'P. Lee' }));
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`${ORIGIN}/invoices/42?fromInvoiceId=42&cardNotSaved=duplicate`);

    expect(await methodsOf(account.id, headers)).toEqual([expect.objectContaining({ paymentMethod: { id: Number(saved!.id), default: true, lastChargeFailed: false, type: 'card' } })]);
    const [session] = await ctx.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, second.id));
    expect(session).toMatchObject({ status: 'complete', paymentMethodId: null });
    // The refused copy does not stay in the processor's vault.
    expect(await ctx.database.db.select().from(sandboxVault)).toHaveLength(vaultBefore.length);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audit.find((a) => a.action === 'payment_method.duplicate_refused')).toMatchObject({
      actorUserId: user.id,
      entity: 'checkout_session',
      entityId: second.id,
      details: { brand: 'Visa', last4: '4242', savedPaymentMethodId: String(saved!.id) },
    });
    // The provider's return for that session, arriving later, says the same.
    const late = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${second.id}` });
    expect(late.headers.location).toBe(`${ORIGIN}/invoices/42?fromInvoiceId=42&cardNotSaved=duplicate`);

    // The same card on another account, and another card on this one, are saved.
    const other = await customerWithAddress();
    const elsewhere = (await startSetup(other.headers, setupBody(other.account.id))).json();
    expect((await submitCard(pathOf(elsewhere.url), card())).headers.location).toBe(SUCCESS);
    const third = (await startSetup(headers, setupBody(account.id))).json();
    expect((await submitCard(pathOf(third.url), card({ cardNumber: '5555 5555 5555 4444' }))).headers.location).toBe(SUCCESS);
    expect(await methodsOf(account.id, headers)).toHaveLength(2);
  });

  it('also knows a card saved before fingerprints were kept (the demo data) by its brand, last four and expiry', async () => {
    const { account, headers } = await customerWithAddress();
    const legacy = await createPaymentMethod(ctx.database.db, account.id, { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true });
    expect(legacy.fingerprint).toBeNull();
    const again = (await startSetup(headers, setupBody(account.id))).json();
    const refused = await submitCard(pathOf(again.url), card({ expiry: '12/30' }));
    expect(refused.headers.location).toBe(`${ORIGIN}/invoices/42?fromInvoiceId=42&cardNotSaved=duplicate`);
    expect(await methodsOf(account.id, headers)).toHaveLength(1);
    // Another expiry is another card as far as a row without a fingerprint can tell.
    const renewed = (await startSetup(headers, setupBody(account.id))).json();
    expect((await submitCard(pathOf(renewed.url), card({ expiry: '12/31' }))).headers.location).toBe(SUCCESS);
    expect(await methodsOf(account.id, headers)).toHaveLength(2);
  });

  it('a second card does not take over the default; Amex needs a 4-digit CVC', async () => {
    const { account, headers } = await customerWithAddress();
    const first = (await startSetup(headers, setupBody(account.id))).json();
    await submitCard(pathOf(first.url), card({ cardNumber: '5555 5555 5555 4444' }));
    const second = (await startSetup(headers, setupBody(account.id))).json();
    expect((await submitCard(pathOf(second.url), card({ cardNumber: '3782 822463 10005', cvc: '1234' }))).statusCode).toBe(303);
    const methods = await methodsOf(account.id, headers);
    expect(
      methods.map((m: { card: { brand: string }; paymentMethod: { default: boolean } }) => [
        m.card.brand,
        m.paymentMethod.default,
      ]),
    ).toEqual([
      ['Mastercard', true],
      ['American Express', false],
    ]);
  });

  it.each([
    ['the declined test card', card({ cardNumber: '4000 0000 0000 0002' }), ['Your card was declined.']],
    ['a number failing Luhn', card({ cardNumber: '4242 4242 4242 4241' }), ['Your card number is invalid.']],
    ['a past expiry', card({ expiry: '05/25' }), ['Your card&#39;s expiry date is in the past.']],
    ['a short CVC', card({ cvc: '12' }), ['The security code (CVC) must be 3 digits.']],
    [
      'an empty form',
      { cardNumber: '', expiry: '', cvc: '', nameOnCard: '' },
      ['Enter your card number.', 'Enter the expiry date.', 'Enter the security code (CVC).', 'Enter the name on the card.'],
    ],
  ])('re-renders the form with inline errors for %s and saves nothing', async (_name, fields, messages) => {
    const { account, headers } = await customerWithAddress();
    const { url } = (await startSetup(headers, setupBody(account.id))).json();
    const res = await submitCard(pathOf(url), fields);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const message of messages) expect(res.body).toContain(`${message}</p>`);
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('role="alert"');
    expect(res.body).not.toContain('value="123"');
    expect(await methodsOf(account.id, headers)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
  });

  it('refuses an expired or unknown session with an explanatory page', async () => {
    const { account, headers } = await customerWithAddress();
    const { url } = (await startSetup(headers, setupBody(account.id))).json();
    ctx.clock.advance(30 * 60_000 + 1);
    const expired = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(`href="${CANCEL}"`);
    expect((await submitCard(pathOf(url), card())).statusCode).toBe(410);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/b/v1/checkoutapi/sandbox/cs_sb_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Checkout unavailable');
  });

  it('serves the page stylesheet: the brand accent, the device scheme unless the portal theme fixes it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/checkoutapi/sandbox-assets/checkout.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body).toContain('@media (prefers-color-scheme:dark){:root:not(.theme-light){');
    expect(res.body).toMatch(/:root\.theme-dark\{color-scheme:dark;--bg:#0f1115/);
    expect(res.body).toContain('--accent:#1d4ed8');
  });

  it('follows the theme and language the portal asked for, in the page, its errors and its form', async () => {
    const { account, headers } = await customerWithAddress();
    const setup = await startSetup(headers, setupBody(account.id, { appearance: { theme: 'dark', language: 'fr' } }));
    const { url } = setup.json();
    expect(new URL(url).search).toBe('?theme=dark&lang=fr');

    const page = await ctx.app.inject({ method: 'GET', url: url.replace(ORIGIN, '') });
    expect(page.body).toContain('<html lang="fr-CA" class="theme-dark">');
    for (const text of ['Ajouter une carte', 'Numéro de carte', 'Nom sur la carte', 'Enregistrer la carte', `Compte ${account.customerNo}`]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).toContain(`action="${pathOf(url)}?theme=dark&amp;lang=fr"`);

    const refused = await submitCard(url.replace(ORIGIN, ''), card({ cardNumber: '4242 4242 4242 4241', cvc: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="fr-CA" class="theme-dark">');
    expect(refused.body).toContain('Le numéro de votre carte n’est pas valide.');
    expect(refused.body).toContain('Saisissez le code de sécurité (CVC).');
  });

  it('without a theme leaves the scheme to the device, and reads in the account language', async () => {
    const { account, headers } = await customerWithAddress();
    await ctx.database.db.update(accounts).set({ language: 'French' }).where(eq(accounts.id, account.id));
    const { url } = (await startSetup(headers, setupBody(account.id))).json();
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.body).toContain('<html lang="fr-CA">');
    expect(page.body).toContain('Ajouter une carte');
    const light = await ctx.app.inject({ method: 'GET', url: `${pathOf(url)}?theme=light&lang=en` });
    expect(light.body).toContain('<html lang="en" class="theme-light">');
    expect(light.body).toContain('Add a card');
    const bad = await ctx.app.inject({ method: 'GET', url: `${pathOf(url)}?theme=neon` });
    expect(bad.statusCode).toBe(400);
  });

  it('the return route redirects a finished session to its success URL, and answers 404 for an unknown one', async () => {
    const { account, headers } = await customerWithAddress();
    const { id, url } = (await startSetup(headers, setupBody(account.id))).json();
    const unfinished = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${id}` });
    expect(unfinished.statusCode).toBe(303);
    expect(unfinished.headers.location).toBe(CANCEL);
    await submitCard(pathOf(url), card());
    const finished = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${id}` });
    expect(finished.headers.location).toBe(SUCCESS);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/b/v1/checkoutapi/complete?session_id=cs_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'The checkout session was not found.' });
  });

  it('a card saved as 4000 0000 0000 0341 is accepted, but its charge fails on settlement', async () => {
    const { account, headers } = await customerWithAddress();
    await createInvoice(ctx.database.db, account.id, { amount: '80.00' });
    const { url } = (await startSetup(headers, setupBody(account.id))).json();
    expect((await submitCard(pathOf(url), card({ cardNumber: '4000 0000 0000 0341' }))).statusCode).toBe(303);
    const [method] = await methodsOf(account.id, headers);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/b/v1/Payment/customerpayment?autoAssignPayment',
      headers,
      payload: {
        payment: {
          accountId: account.id.toString(),
          amount: 80,
          currency: 'CAD',
          status: 'InProgress',
          type: 'Credit Card (Manual)',
        },
        paymentMethodInfo: { paymentMethodId: method.paymentMethod.id, cardId: method.card.id, selected: true },
      },
    });
    expect(paid.json()).toMatchObject({ payment: { status: 'InProgress', card: { last4: '0341' } }, error: null });
    expect(await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0)).toBe(1);
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, BigInt(paid.json().payment.id)));
    expect(row).toMatchObject({ status: 'Error', failureMessage: 'Your card was declined.' });
  });
});
