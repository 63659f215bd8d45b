/**
 * Every billing route, called by a customer against another account's objects, answers 404 (or, for
 * lists, leaves the other account out) and changes nothing. Each row is replayed by the other
 * account's owner and must succeed: that proves the 404 comes from the ownership check, not from a
 * malformed request. A route with no row here fails the coverage test, so a new route cannot ship
 * without its check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { API_CLIENT_SCOPES, endpointList, NOTIFICATION_PREFERENCE_EVENTS, parseJson, serviceOf, stringifyJson, type ApiClientScope, type Endpoint } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../test/app';
import {
  bearer,
  createAccount,
  createBillingDetails,
  createInvoice,
  createPayment,
  createPaymentMethod,
  createUser,
  tokenFor,
} from '../../test/factories';
import { accounts, charges, disputes, notificationPreferences, notifications, passkeys, refunds, sessions } from '../db/schema';
import { clientTokenFor } from '../../test/api-clients';
import { routePath } from '../http/route';

interface Ids {
  account: bigint;
  invoice: bigint;
  card: bigint;
  defaultCard: bigint;
  contact: bigint;
  address: bigint;
  notification: bigint;
  /** A Successful payment (it has a receipt). */
  payment: bigint;
  accountName: string;
  /** A charge line of an invoice billed yesterday (inside the dispute window) and a dispute of it. */
  recentCharge: bigint;
  dispute: bigint;
  /** A Succeeded refund of the payment (it has a receipt). */
  refund: bigint;
}

type Check = { kind: 'hidden' } | { kind: 'list'; includes: (body: unknown, other: Ids) => boolean };

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered. */
  route: string;
  /** A request that touches `other`'s objects; `own` is the caller's account where a mix is tested. */
  request: (other: Ids, own: Ids) => InjectOptions;
  check: Check;
}

const json = (method: Row['method'], url: string, body: unknown): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': 'application/json' },
  payload: stringifyJson(body),
});
const hidden: Check = { kind: 'hidden' };
const ALL_EMAILS_ON = Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((event) => [event, true]));
/** Rows whose answer is the caller's own, whoever asks (what the other account has is checked by the snapshot). */
const ANSWER_IS_CALLERS = new Set(['GET /b/v1/CheckoutApi/stripepublickey', 'PUT /b/v1/Notification/preferences']);
const values = (body: unknown) => (body as { value: Record<string, unknown>[] }).value;
/** Lossless parsing gives numbers for small ids and bigints for large ones. */
const sameId = (value: unknown, id: bigint) => String(value) === String(id);

/** Instalments covering what `seedAccount` leaves overdue (100.00 less the 10.00 payment, and 100.00), inside the policy's windows. */
const instalmentsFrom = (today: string) => {
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return [
    { date: day(1), amount: 100 },
    { date: day(10), amount: 90 },
  ];
};

const ROWS: Row[] = [
  // First, so the owner's replay arranges what nothing else has paid yet.
  {
    method: 'POST',
    route: '/b/v1/Arrangement',
    request: (o) => json('POST', '/b/v1/Arrangement', { accountId: o.account, instalments: instalmentsFrom(ctx.clock.now().toISOString().slice(0, 10)), paymentMethodId: o.defaultCard }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/PaymentPolicy/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/PaymentPolicy/${o.account}` }), check: hidden },
  { method: 'GET', route: '/b/v1/Arrangement/options/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Arrangement/options/${o.account}` }), check: hidden },
  {
    method: 'GET',
    route: '/b/v1/Arrangement/items',
    request: (o) => ({ method: 'GET', url: `/b/v1/Arrangement/items?dnfilter=${encodeURIComponent(`AccountId==${o.account}`)}&count=true` }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
  { method: 'GET', route: '/b/v1/Usage/summary/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Usage/summary/${o.account}` }), check: hidden },
  { method: 'GET', route: '/b/v1/Usage/records/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Usage/records/${o.account}?count=true` }), check: hidden },
  { method: 'GET', route: '/b/v1/Usage/records/:accountId/export', request: (o) => ({ method: 'GET', url: `/b/v1/Usage/records/${o.account}/export?type=voice` }), check: hidden },
  { method: 'GET', route: '/b/v1/Usage/alerts/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Usage/alerts/${o.account}` }), check: hidden },
  {
    method: 'PUT',
    route: '/b/v1/Usage/alerts/:accountId',
    request: (o) => json('PUT', `/b/v1/Usage/alerts/${o.account}`, { allowances: [{ kind: 'voice', percents: [50] }], email: false }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/Usage/limit/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Usage/limit/${o.account}` }), check: hidden },
  { method: 'PUT', route: '/b/v1/Usage/limit/:accountId', request: (o) => json('PUT', `/b/v1/Usage/limit/${o.account}`, { amount: '25.00' }), check: hidden },
  { method: 'GET', route: '/b/v1/Billing/GetClientHomeModel/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${o.account}` }), check: hidden },
  {
    method: 'POST',
    route: '/b/v1/Payment/customerpayment',
    request: (o) =>
      json('POST', '/b/v1/Payment/customerpayment?autoAssignPayment=true', {
        payment: { accountId: o.account, amount: 10, currency: 'CAD', description: 'Authorization test' },
        paymentMethodInfo: { paymentMethodId: o.defaultCard },
      }),
    check: hidden,
  },
  {
    method: 'POST',
    route: '/b/v1/Payment/customerpayment',
    // Own account, someone else's card.
    request: (o, own) =>
      json('POST', '/b/v1/Payment/customerpayment?autoAssignPayment=true', {
        payment: { accountId: own.account, amount: 10, currency: 'CAD', description: 'Authorization test' },
        paymentMethodInfo: { paymentMethodId: o.defaultCard },
      }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/Payment/:paymentId/receipt', request: (o) => ({ method: 'GET', url: `/b/v1/Payment/${o.payment}/receipt` }), check: hidden },
  {
    method: 'POST',
    route: '/b/v1/Payment/payall',
    request: (o) => json('POST', '/b/v1/Payment/payall', { accountId: o.account, paymentMethodId: o.defaultCard, currency: 'CAD' }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/Billing/family/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Billing/family/${o.account}` }), check: hidden },
  { method: 'GET', route: '/b/v1/Payment/refunds/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Payment/refunds/${o.account}` }), check: hidden },
  { method: 'GET', route: '/b/v1/Payment/refund/:refundId/receipt', request: (o) => ({ method: 'GET', url: `/b/v1/Payment/refund/${o.refund}/receipt` }), check: hidden },
  {
    method: 'GET',
    route: '/b/v1/Account/:accountId/statement',
    request: (o) => ({ method: 'GET', url: `/b/v1/Account/${o.account}/statement?from=2024-01-01&to=2026-12-31&format=csv` }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/PaymentMethod/methods/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${o.account}` }), check: hidden },
  { method: 'POST', route: '/b/v1/PaymentMethod/defaultmethod/:paymentMethodId', request: (o) => ({ method: 'POST', url: `/b/v1/PaymentMethod/defaultmethod/${o.card}` }), check: hidden },
  { method: 'DELETE', route: '/b/v1/PaymentMethod/methods/:paymentMethodId', request: (o) => ({ method: 'DELETE', url: `/b/v1/PaymentMethod/methods/${o.card}` }), check: hidden },
  {
    method: 'GET',
    route: '/b/v1/CheckoutApi/stripepublickey',
    // Not tied to an account: the provider's public key is the same for everyone.
    request: () => ({ method: 'GET', url: '/b/v1/CheckoutApi/stripepublickey' }),
    check: { kind: 'list', includes: (body) => typeof (body as { publicKey?: unknown }).publicKey === 'string' },
  },
  {
    method: 'POST',
    route: '/b/v1/checkoutapi/setup',
    request: (o) =>
      json('POST', '/b/v1/checkoutapi/setup', {
        accountId: o.account,
        order: { name: o.accountName, accountId: o.account, currency: 'CAD' },
        successUrl: 'http://localhost:3000/payments?paymentMethodAdded=true',
        cancelUrl: 'http://localhost:3000/payments',
      }),
    check: hidden,
  },
  {
    method: 'POST',
    route: '/b/v1/Account/update-default-payment-method',
    request: (o) => json('POST', '/b/v1/Account/update-default-payment-method', { accountId: o.account, paymentMethod: 'Credit Card (Manual)' }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/Account/:accountId/autopay', request: (o) => ({ method: 'GET', url: `/b/v1/Account/${o.account}/autopay` }), check: hidden },
  { method: 'GET', route: '/b/v1/Account/:accountId/history', request: (o) => ({ method: 'GET', url: `/b/v1/Account/${o.account}/history?count=true` }), check: hidden },
  {
    method: 'PUT',
    route: '/b/v1/Account/:accountId/autopay',
    request: (o) =>
      json('PUT', `/b/v1/Account/${o.account}/autopay`, {
        accountId: o.account,
        paymentMethodId: o.defaultCard,
        frequency: 'dueDate',
        amountType: 'full',
        fixedAmount: null,
      }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/Notification/items', request: (o) => ({ method: 'GET', url: `/b/v1/Notification/items?accountId=${o.account}` }), check: hidden },
  { method: 'POST', route: '/b/v1/Notification/clear', request: (o) => ({ method: 'POST', url: `/b/v1/Notification/clear?notificationId=${o.notification}` }), check: hidden },
  { method: 'POST', route: '/b/v1/Notification/clearall', request: (o) => ({ method: 'POST', url: `/b/v1/Notification/clearall?accountId=${o.account}` }), check: hidden },
  {
    method: 'GET',
    route: '/b/v1/Notification/preferences',
    // Names no account: a person's own email choices (the owner turned invoice emails off; the customer did not).
    request: () => ({ method: 'GET', url: '/b/v1/Notification/preferences' }),
    check: { kind: 'list', includes: (body) => (body as { invoice_posted: boolean }).invoice_posted === false },
  },
  {
    method: 'PUT',
    route: '/b/v1/Notification/preferences',
    // Saves the caller's own choices only: the snapshot shows the owner's stay as they were.
    request: () => json('PUT', '/b/v1/Notification/preferences', { ...ALL_EMAILS_ON, invoice_posted: false }),
    check: { kind: 'list', includes: (body) => (body as { invoice_posted: boolean }).invoice_posted === false },
  },
  {
    method: 'GET',
    route: '/b/v1/Account/names',
    request: () => ({ method: 'GET', url: '/b/v1/Account/names?orderby=listName%20asc&count=true' }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
  {
    method: 'GET',
    route: '/b/v1/Account/names',
    // The "further argument" naming one account must not reveal an account the caller cannot use.
    request: (o) => ({ method: 'GET', url: `/b/v1/Account/names?orderby=listName%20asc&accountId=${o.account}` }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
  { method: 'GET', route: '/b/v1/Account/details/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Account/details/${o.account}` }), check: hidden },
  {
    method: 'PUT',
    route: '/b/v1/Account/customerdetails',
    request: (o) => json('PUT', '/b/v1/Account/customerdetails', { accountId: o.account, language: 'French', invoiceEmail: 'changed@example.com' }),
    check: hidden,
  },
  {
    method: 'PUT',
    route: '/b/v1/Account/customerdetails',
    // Own account, someone else's contact and address ids.
    request: (o, own) =>
      json('PUT', '/b/v1/Account/customerdetails', {
        accountId: own.account,
        language: 'English',
        invoiceEmail: 'own@example.com',
        contacts: [{ id: o.contact, firstName: 'Mallory', lastName: 'X', primaryEmail: 'm@example.com', primaryPhone: '+1 416 555 0199' }],
        addresses: [{ id: o.address, streetNumber: '1', streetName: 'Evil St', city: 'Toronto', province: 'ON', postal: 'M5V 2T6', country: 'CA' }],
      }),
    check: hidden,
  },
  {
    method: 'GET',
    route: '/b/v1/Account/:accountId/:startDate/:endDate',
    request: (o) => ({ method: 'GET', url: `/b/v1/Account/${o.account}/2024-01-01/2026-12-31` }),
    check: hidden,
  },
  { method: 'GET', route: '/b/v1/Account/:accountId', request: (o) => ({ method: 'GET', url: `/b/v1/Account/${o.account}` }), check: hidden },
  {
    method: 'GET',
    route: '/b/v1/Invoice/items',
    request: (o) => ({ method: 'GET', url: `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${o.account} && State=="Posted"`)}&count=true` }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
  { method: 'GET', route: '/b/v1/Invoice/details/:id', request: (o) => ({ method: 'GET', url: `/b/v1/Invoice/details/${o.invoice}` }), check: hidden },
  { method: 'GET', route: '/b/v1/Invoice/content/:invoiceId', request: (o) => ({ method: 'GET', url: `/b/v1/Invoice/content/${o.invoice}?summary` }), check: hidden },
  { method: 'POST', route: '/b/v1/Invoice/calcforward/:invoiceId', request: (o) => ({ method: 'POST', url: `/b/v1/Invoice/calcforward/${o.invoice}` }), check: hidden },
  { method: 'GET', route: '/b/v1/Invoice/:id/changes', request: (o) => ({ method: 'GET', url: `/b/v1/Invoice/${o.invoice}/changes` }), check: hidden },
  { method: 'GET', route: '/b/v1/Invoice/:id', request: (o) => ({ method: 'GET', url: `/b/v1/Invoice/${o.invoice}` }), check: hidden },
  {
    method: 'GET',
    route: '/b/v1/Charge/items',
    request: (o) => ({ method: 'GET', url: `/b/v1/Charge/items?dnfilter=${encodeURIComponent(`AccountId==${o.account}`)}` }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
  { method: 'GET', route: '/b/v1/Billing/InvoiceURLs/:invoiceId', request: (o) => ({ method: 'GET', url: `/b/v1/Billing/InvoiceURLs/${o.invoice}` }), check: hidden },
  {
    method: 'POST',
    route: '/b/v1/Dispute',
    request: (o) => json('POST', '/b/v1/Dispute', { chargeId: o.recentCharge, reason: 'WrongAmount', details: 'Authorization test', amount: 1 }),
    check: hidden,
  },
  {
    method: 'GET',
    route: '/b/v1/Dispute/items',
    request: (o) => ({ method: 'GET', url: `/b/v1/Dispute/items?dnfilter=${encodeURIComponent(`AccountId==${o.account}`)}&count=true` }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
  {
    method: 'GET',
    route: '/b/v1/Search',
    request: (o) => ({ method: 'GET', url: `/b/v1/Search?search=${encodeURIComponent(o.accountName)}&count=true` }),
    check: { kind: 'list', includes: (body, o) => values(body).some((v) => sameId(v.accountId, o.account)) },
  },
];

/** Routes without a session, each protected by something other than the caller's token. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /b/v1/documents/invoices/:invoiceId/:document': 'signed, expiring URL bound to the invoice (documents tests)',
  'GET /b/v1/checkoutapi/complete': 'checkout session id from the provider (checkout tests)',
  'POST /b/v1/checkoutapi/webhook': 'provider signature on the raw body (stripe tests)',
  'GET /b/v1/checkoutapi/sandbox-assets/checkout.css': 'static stylesheet',
  'GET /b/v1/checkoutapi/sandbox/:sessionId': 'unguessable, expiring checkout session id (sandbox tests)',
  'POST /b/v1/checkoutapi/sandbox/:sessionId': 'unguessable, expiring checkout session id (sandbox tests)',
  'POST /b/v1/checkoutapi/sandbox/:sessionId/bank': 'unguessable, expiring checkout session id (sandbox bank account tests)',
  'GET /b/openapi.json': 'API description',
};

/** Staff and Admin routes: every customer, the account's owner included, gets 403 (role and transitions in disputes.api.test.ts). */
const STAFF_ROUTES: Record<string, (o: Ids) => InjectOptions> = {
  'POST /b/v1/Dispute/:id/review': (o) => ({ method: 'POST', url: `/b/v1/Dispute/${o.dispute}/review` }),
  'POST /b/v1/Dispute/:id/resolve': (o) => json('POST', `/b/v1/Dispute/${o.dispute}/resolve`, { outcome: 'Rejected', rejectionReason: 'Authorization test' }),
  'POST /b/v1/Arrangement/:id/cancel': () => ({ method: 'POST', url: '/b/v1/Arrangement/1/cancel' }),
  'POST /b/v1/Payment/:paymentId/refund': (o) => json('POST', `/b/v1/Payment/${o.payment}/refund`, { amount: 1, reason: 'Authorization test' }),
  // ── webhooks: the Admin's Webhooks screen (no account's objects; Admin only) ──
  'GET /b/v1/Webhooks/endpoints': () => ({ method: 'GET', url: '/b/v1/Webhooks/endpoints' }),
  'POST /b/v1/Webhooks/endpoints': () => json('POST', '/b/v1/Webhooks/endpoints', { url: 'https://hooks.example.com/authz', events: ['payment.succeeded'] }),
  'POST /b/v1/Webhooks/endpoints/:id/rotate-secret': () => json('POST', '/b/v1/Webhooks/endpoints/1/rotate-secret', { overlapMinutes: 60 }),
  'POST /b/v1/Webhooks/endpoints/:id/test': () => ({ method: 'POST', url: '/b/v1/Webhooks/endpoints/1/test' }),
  'POST /b/v1/Webhooks/endpoints/:id/disable': () => ({ method: 'POST', url: '/b/v1/Webhooks/endpoints/1/disable' }),
  'POST /b/v1/Webhooks/endpoints/:id/enable': () => ({ method: 'POST', url: '/b/v1/Webhooks/endpoints/1/enable' }),
  'GET /b/v1/Webhooks/endpoints/:id/deliveries': () => ({ method: 'GET', url: '/b/v1/Webhooks/endpoints/1/deliveries' }),
  'GET /b/v1/Webhooks/deliveries/:id/attempts': () => ({ method: 'GET', url: '/b/v1/Webhooks/deliveries/1/attempts' }),
  'POST /b/v1/Webhooks/deliveries/:id/replay': () => ({ method: 'POST', url: '/b/v1/Webhooks/deliveries/1/replay' }),
  'POST /b/v1/Webhooks/endpoints/:id/replay-failed': () =>
    json('POST', '/b/v1/Webhooks/endpoints/1/replay-failed', { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }),
  // ── end of webhooks ──
};

let ctx: TestContext;
let own: Ids;
let other: Ids;
let customerToken: string;
let ownerToken: string;

const seedAccount = async (name: string): Promise<Ids> => {
  const db = ctx.database.db;
  const account = await createAccount(db, { name });
  const details = await createBillingDetails(db, account.id);
  const invoice = await createInvoice(db, account.id);
  const defaultCard = await createPaymentMethod(db, account.id, { isDefault: true });
  const card = await createPaymentMethod(db, account.id, { brand: 'Mastercard', last4: '4444' });
  const payment = await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '10.00' }] });
  const [notification] = await db.insert(notifications).values({ accountId: account.id, kind: 'payment_failed', message: 'A payment failed.' }).returning();
  const recent = await createInvoice(db, account.id, { postedDate: new Date(ctx.clock.now().getTime() - 86_400_000) });
  const [recentCharge] = await db.select({ id: charges.id }).from(charges).where(sql`${charges.invoiceId} = ${recent.id}`);
  const [dispute] = await db
    .insert(disputes)
    .values({ accountId: account.id, invoiceId: recent.id, chargeId: recentCharge!.id, reason: 'Other', amount: '1.00', currency: 'CAD' })
    .returning();
  const [refund] = await db
    .insert(refunds)
    .values({ paymentId: payment.id, accountId: account.id, amount: '1.00', currency: 'CAD', reason: 'Billed twice', status: 'Succeeded', settledAt: ctx.clock.now() })
    .returning();
  return {
    account: account.id,
    invoice: invoice.id,
    card: card.id,
    defaultCard: defaultCard.id,
    contact: details.contact.id,
    address: details.address.id,
    notification: notification!.id,
    payment: payment.id,
    accountName: name,
    recentCharge: recentCharge!.id,
    dispute: dispute!.id,
    refund: refund!.id,
  };
};

/** What a forbidden write could have changed on the other account. */
const snapshotOf = async (accountId: bigint) => {
  const rows = await ctx.database.db.execute(sql`select
      (select language || '|' || coalesce(invoice_email_address, '') || '|' || payment_method from accounts where id = ${accountId}) as account,
      (select string_agg(id || ':' || is_default, ',' order by id) from payment_methods where account_id = ${accountId}) as cards,
      (select count(*) from payments where account_id = ${accountId}) as payments,
      (select count(*) from refunds where account_id = ${accountId}) as refunds,
      (select count(*) from notifications where account_id = ${accountId} and cleared_at is null) as open_notifications,
      (select count(*) from autopay_schedules where account_id = ${accountId}) as schedules,
      (select count(*) from checkout_sessions where account_id = ${accountId}) as checkouts,
      (select string_agg(id || ':' || status, ',' order by id) from disputes where account_id = ${accountId}) as disputes,
      (select string_agg(id || ':' || status, ',' order by id) from arrangements where account_id = ${accountId}) as arrangements,
      (select string_agg(first_name || last_name, ',' order by id) from contacts where account_id = ${accountId}) as contacts,
      (select string_agg(coalesce(street_name, ''), ',' order by id) from addresses where account_id = ${accountId}) as addresses,
      (select count(*) from account_addresses where account_id = ${accountId} and end_date is null) as open_address_links,
      (select string_agg(p.user_id || p.event || p.email, ',' order by p.user_id, p.event) from notification_preferences p
        join user_accounts ua on ua.user_id = p.user_id where ua.account_id = ${accountId}) as email_choices`);
  return JSON.stringify(rows.rows[0], (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
};

const call = async (token: string, options: InjectOptions) => {
  const res = await ctx.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...bearer(token) } });
  // Documents (a receipt PDF, a statement CSV) are not JSON: their bytes are enough to count as an answer.
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: res.body ? (isJson ? parseJson(res.body) : res.body) : null };
};

beforeAll(async () => {
  // The seeded invoices are long overdue: the policy lets them be arranged, so the owner's arrangement succeeds.
  ctx = await buildTestApp({ config: { PAYMENT_POLICY_MAX_OVERDUE_DAYS: 3650 } });
  own = await seedAccount('Own Account Holder');
  other = await seedAccount('Zephyr Other Holder');
  const customer = await createUser(ctx.database.db, { accountIds: [own.account] });
  const owner = await createUser(ctx.database.db, { accountIds: [other.account] });
  await ctx.database.db.insert(notificationPreferences).values({ userId: owner.id, event: 'invoice_posted', email: false });
  customerToken = await tokenFor(ctx.database.db, customer);
  ownerToken = await tokenFor(ctx.database.db, owner);
});
afterAll(() => ctx.close());

describe('authorization on every billing route', () => {
  it('has a row for every billing endpoint that needs a session, and a reason for every public one', () => {
    // Read from the contract's endpoint table, the same rows the server registers its routes from.
    const billingRoutes = endpointList
      .filter((row) => serviceOf(row) === 'billing')
      .map((row) => ({ method: row.method, url: routePath(row.path), public: row.access === 'public' }));
    const covered = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    const missing = billingRoutes
      .filter((r) => !r.public && !covered.has(`${r.method} ${r.url}`) && !STAFF_ROUTES[`${r.method} ${r.url}`])
      .map((r) => `${r.method} ${r.url}`);
    const unexplained = billingRoutes.filter((r) => r.public && !PUBLIC_ROUTES[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    const stale = [...covered, ...Object.keys(STAFF_ROUTES)].filter((key) => !billingRoutes.some((r) => `${r.method} ${r.url}` === key));
    expect({ missing, unexplained, stale }).toEqual({ missing: [], unexplained: [], stale: [] });
  });

  it('answers 404 for another account’s objects, leaves them out of lists, and changes nothing', async () => {
    const before = await snapshotOf(other.account);
    const failures: string[] = [];
    for (const row of ROWS) {
      const { status, body } = await call(customerToken, row.request(other, own));
      if (row.check.kind === 'hidden') {
        if (status !== 404) failures.push(`${row.method} ${row.route}: expected 404, got ${status} ${stringifyJson(body)}`);
        else if (typeof (body as { error?: unknown }).error !== 'string') failures.push(`${row.method} ${row.route}: 404 without {error}`);
      } else if (status !== 200) {
        failures.push(`${row.method} ${row.route}: expected 200, got ${status}`);
      } else if (!ANSWER_IS_CALLERS.has(`${row.method} ${row.route}`) && row.check.includes(body, other)) {
        failures.push(`${row.method} ${row.route}: lists the other account`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(other.account)).toBe(before);
  });

  it('lets the other account’s owner make every one of those requests (so each 404 above is real)', async () => {
    const failures: string[] = [];
    for (const row of ROWS) {
      // The mixed rows point at the caller's own account: replay them as the owner of both objects.
      const { status, body } = await call(ownerToken, row.request(other, other));
      if (status !== 200 && status !== 201) failures.push(`${row.method} ${row.route}: owner got ${status} ${stringifyJson(body)}`);
      else if (row.check.kind === 'list' && !row.check.includes(body, other)) failures.push(`${row.method} ${row.route}: owner does not see it`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on Staff and Admin routes to every customer, the owner of the account included, and changes nothing', async () => {
    const before = await snapshotOf(other.account);
    const failures: string[] = [];
    for (const [key, request] of Object.entries(STAFF_ROUTES)) {
      for (const token of [customerToken, ownerToken]) {
        const { status, body } = await call(token, request(other));
        if (status !== 403 || typeof (body as { error?: unknown }).error !== 'string') failures.push(`${key}: expected 403 {error}, got ${status}`);
      }
      const res = await ctx.app.inject(request(other));
      if (res.statusCode !== 401) failures.push(`${key} without a token: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(other.account)).toBe(before);
  });

  it('answers 401 on every route that needs a session when no token is sent', async () => {
    const failures: string[] = [];
    for (const row of ROWS) {
      const res = await ctx.app.inject(row.request(other, own));
      if (res.statusCode !== 401) failures.push(`${row.method} ${row.route}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * The auth service's calls on a person's own objects (passkeys). Another person's
 * passkey answers 404 and stays; their list never shows it; the owner's same request succeeds.
 */
describe('authorization on passkey routes', () => {
  interface PasskeyRow {
    method: 'GET' | 'POST' | 'DELETE';
    route: string;
    request: (passkeyId: bigint) => InjectOptions;
    /** What a stranger gets, and what the owner gets, for the owner's passkey. */
    stranger: number;
    owner: number;
    shows?: boolean;
  }
  const PASSKEY_ROWS: PasskeyRow[] = [
    { method: 'GET', route: '/a/v1/Passkeys', request: () => ({ method: 'GET', url: '/a/v1/Passkeys' }), stranger: 200, owner: 200, shows: true },
    { method: 'DELETE', route: '/a/v1/Passkeys/:id', request: (id) => ({ method: 'DELETE', url: `/a/v1/Passkeys/${id}` }), stranger: 404, owner: 204 },
  ];
  /**
   * Signed-in passkey calls that name no object: a session is all they need, and each works on the caller's
   * own passkeys only (their ceremonies, with another person's passkey refused, are in passkeys.api.test.ts).
   */
  const SESSION_ONLY: InjectOptions[] = [
    { method: 'POST', url: '/a/v1/Passkeys/registration-options' },
    json('POST', '/a/v1/Passkeys', { response: {} }),
    { method: 'POST', url: '/a/v1/Authenticate/confirm/passkey-options' },
    json('POST', '/a/v1/Authenticate/confirm/passkey', { response: {} }),
  ];

  it('covers every signed-in passkey route', () => {
    const rows = endpointList
      .filter((row) => row.access !== 'public' && /passkey/i.test(row.path))
      .map((row) => `${row.method} ${routePath(row.path)}`);
    const covered = [...PASSKEY_ROWS.map((r) => `${r.method} ${r.route}`), ...SESSION_ONLY.map((r) => `${r.method} ${r.url}`)];
    expect([...rows].sort()).toEqual([...covered].sort());
  });

  it('answers 404 for another person’s passkey, leaves it out of lists, changes nothing; the owner succeeds', async () => {
    const db = ctx.database.db;
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const [passkey] = await db
      .insert(passkeys)
      .values({ userId: owner.id, credentialId: `authz-${owner.id}`, publicKey: 'AQ', name: 'Chrome on macOS' })
      .returning();
    const strangerToken = await tokenFor(db, stranger);
    const ownerToken = await tokenFor(db, owner);
    const failures: string[] = [];
    for (const row of PASSKEY_ROWS) {
      const asStranger = await call(strangerToken, row.request(passkey!.id));
      if (asStranger.status !== row.stranger) failures.push(`${row.method} ${row.route}: stranger got ${asStranger.status}`);
      if (row.stranger === 404 && typeof (asStranger.body as { error?: unknown }).error !== 'string') failures.push(`${row.method} ${row.route}: 404 without {error}`);
      if (row.shows && values(asStranger.body).some((v) => sameId(v.id, passkey!.id))) failures.push(`${row.method} ${row.route}: lists another person's passkey`);
    }
    expect(await db.select().from(passkeys).where(sql`${passkeys.id} = ${passkey!.id}`)).toHaveLength(1);
    for (const row of PASSKEY_ROWS) {
      const asOwner = await call(ownerToken, row.request(passkey!.id));
      if (asOwner.status !== row.owner) failures.push(`${row.method} ${row.route}: owner got ${asOwner.status}`);
      if (row.shows && !values(asOwner.body).some((v) => sameId(v.id, passkey!.id))) failures.push(`${row.method} ${row.route}: owner does not see it`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 on every signed-in passkey route when no token is sent', async () => {
    const failures: string[] = [];
    for (const request of [...PASSKEY_ROWS.map((row) => row.request(1n)), ...SESSION_ONLY]) {
      const res = await ctx.app.inject(request);
      if (res.statusCode !== 401) failures.push(`${request.method} ${request.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the demo sign-in link (outside production)', () => {
  it('is public but guarded by the token start-up printed: any other signs nobody in', async () => {
    const row = endpointList.find((r) => r.path === '/a/v1/openid/demo-login')!;
    expect(row.access).toBe('public');
    const before = (await ctx.database.db.select().from(sessions)).length;
    const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/demo-login?token=guessed' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/login-callback#error=failed&/);
    expect((await ctx.database.db.select().from(sessions)).length).toBe(before);
  });
});

/**
 * Two-factor calls act on the caller's own authenticator and recovery codes only (they name no object): a
 * session is all they need. The admin's reset names a person and is refused to customers, who change nothing.
 */
describe('authorization on two-factor routes', () => {
  const SESSION_ONLY: InjectOptions[] = [
    { method: 'GET', url: '/a/v1/TwoFactor' },
    { method: 'POST', url: '/a/v1/TwoFactor/totp/setup' },
    json('POST', '/a/v1/TwoFactor/totp/enable', { code: '123456' }),
    json('POST', '/a/v1/TwoFactor/disable', { code: '123456' }),
    { method: 'POST', url: '/a/v1/TwoFactor/recovery-codes' },
  ];

  it('covers every two-factor route', () => {
    const rows = endpointList.filter((row) => /^\/a\/v1\/TwoFactor/.test(row.path)).map((row) => `${row.method} ${routePath(row.path)}`);
    expect([...rows].sort()).toEqual(SESSION_ONLY.map((r) => `${r.method} ${r.url}`).sort());
  });

  it('answers 401 on each without a token', async () => {
    const failures: string[] = [];
    for (const request of SESSION_ONLY) {
      const res = await ctx.app.inject(request);
      if (res.statusCode !== 401) failures.push(`${request.method} ${request.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a customer the admin’s reset of another person’s two-factor', async () => {
    const target = await createUser(ctx.database.db);
    const res = await call(customerToken, { method: 'POST', url: `/a/v1/Users/${target.id}/reset-two-factor` });
    expect(res.status).toBe(403);
    expect(typeof (res.body as { error?: unknown }).error).toBe('string');
  });
});

/**
 * The provider API (`/p`) takes only API clients' tokens, each row needing its scope; a client's token
 * opens nothing under `/b` or `/a`.
 */
describe('authorization on the provider API', () => {
  interface ProviderRow {
    route: string;
    request: InjectOptions;
  }
  const PROVIDER_ROWS: ProviderRow[] = [
    { route: 'GET /p/v1/clients/me', request: { method: 'GET', url: '/p/v1/clients/me' } },
    { route: 'GET /p/v1/accounts/:externalId', request: { method: 'GET', url: '/p/v1/accounts/AUTHZ-ACC-1' } },
    // accounts
    {
      route: 'PUT /p/v1/accounts/:externalId',
      request: {
        method: 'PUT',
        url: '/p/v1/accounts/AUTHZ-NEW-1',
        payload: {
          name: 'Authz New',
          type: 'Residential',
          currency: 'CAD',
          language: 'English',
          billingContact: { firstName: 'Pat', lastName: 'Lee' },
          billingAddress: { streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
        },
      },
    },
    { route: 'POST /p/v1/accounts/:externalId/close', request: { method: 'POST', url: '/p/v1/accounts/AUTHZ-NEW-1/close' } },

    // people
    {
      route: 'POST /p/v1/accounts/:externalId/invitations',
      request: { method: 'POST', url: '/p/v1/accounts/AUTHZ-ACC-1/invitations', payload: { email: 'authz.person@example.com', name: 'Authz Person' } },
    },
    // The person invited just above.
    { route: 'DELETE /p/v1/accounts/:externalId/people/:email', request: { method: 'DELETE', url: '/p/v1/accounts/AUTHZ-ACC-1/people/authz.person@example.com' } },

    // invoices
    {
      route: 'PUT /p/v1/invoices/:externalId',
      request: {
        method: 'PUT',
        url: '/p/v1/invoices/AUTHZ-INV-1',
        payload: {
          accountExternalId: 'AUTHZ-ACC-1',
          number: 'AUTHZ-INV-1',
          periodStart: '2026-11-01',
          periodEnd: '2026-11-30',
          issueDate: '2026-12-01',
          dueDate: '2026-12-21',
          currency: 'CAD',
          lines: [{ description: 'Plan', category: 'Plan', amount: '10.00' }],
          taxes: [],
          total: '10.00',
        },
      },
    },
    { route: 'GET /p/v1/invoices/:externalId', request: { method: 'GET', url: '/p/v1/invoices/AUTHZ-INV-1' } },

    // usage
    {
      route: 'POST /p/v1/usage/batches/:batchId',
      request: {
        method: 'POST',
        url: '/p/v1/usage/batches/AUTHZ-BATCH-1',
        headers: { 'content-type': 'application/x-ndjson' },
        payload: `${JSON.stringify({ recordId: 'AUTHZ-CDR-1', accountExternalId: 'AUTHZ-ACC-1', startedAt: '2026-01-05T10:00:00Z', kind: 'sms', direction: 'outgoing', fromNumber: '+14165550100', toNumber: '+14165550101', description: 'Text', amount: '0.0000' })}\n`,
      },
    },

    { route: 'PUT /p/v1/accounts/:externalId/limit', request: { method: 'PUT', url: '/p/v1/accounts/AUTHZ-ACC-1/limit', payload: { amount: '40.00' } } },

    // payments and credits
    {
      route: 'POST /p/v1/payments',
      request: {
        method: 'POST',
        url: '/p/v1/payments',
        payload: { externalId: 'AUTHZ-PAY-1', accountExternalId: 'AUTHZ-ACC-1', amount: '1.00', currency: 'CAD', receivedAt: '2024-01-01T00:00:00Z', method: 'cash' },
      },
    },
    {
      route: 'POST /p/v1/credits',
      request: { method: 'POST', url: '/p/v1/credits', payload: { externalId: 'AUTHZ-CR-1', accountExternalId: 'AUTHZ-ACC-1', amount: '1.00', reason: 'Goodwill' } },
    },

    // events (the feed)
    { route: 'GET /p/v1/events', request: { method: 'GET', url: '/p/v1/events?limit=10' } },
    // ── webhooks: registered, listed, then deleted (the first endpoint of this database is id 1) ──
    {
      route: 'POST /p/v1/webhook-endpoints',
      request: { method: 'POST', url: '/p/v1/webhook-endpoints', payload: { url: 'https://hooks.example.com/authz', events: ['payment.succeeded'], description: 'Authz' } },
    },
    { route: 'GET /p/v1/webhook-endpoints', request: { method: 'GET', url: '/p/v1/webhook-endpoints' } },
    { route: 'DELETE /p/v1/webhook-endpoints/:id', request: { method: 'DELETE', url: '/p/v1/webhook-endpoints/1' } },
    // ── end of webhooks ──

  ];
  const scopeOf = (key: string) => (endpointList as readonly Endpoint[]).find((row) => `${row.method} ${routePath(row.path)}` === key)?.scope;

  const clientToken = (scopes: ApiClientScope[]) => clientTokenFor(ctx, scopes);

  beforeAll(async () => {
    await ctx.database.db.update(accounts).set({ externalId: 'AUTHZ-ACC-1' }).where(sql`${accounts.id} = ${own.account}`);
  });

  it('covers every provider API row that needs a client token', () => {
    const rows = endpointList.filter((row) => serviceOf(row) === 'provider' && row.access !== 'public').map((row) => `${row.method} ${routePath(row.path)}`);
    expect(rows.every((row) => endpointList.find((r) => `${r.method} ${routePath(r.path)}` === row)?.access === 'client')).toBe(true);
    expect([...rows].sort()).toEqual(PROVIDER_ROWS.map((r) => r.route).sort());
  });

  it('refuses a person’s session token on every row, a customer’s or an Admin’s, and no token at all', async () => {
    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const adminToken = await tokenFor(ctx.database.db, admin);
    const failures: string[] = [];
    for (const row of PROVIDER_ROWS) {
      for (const [who, token] of [['customer', customerToken], ['admin', adminToken]] as const) {
        const { status } = await call(token, row.request);
        if (status !== 401) failures.push(`${row.route} as ${who}: ${status}`);
      }
      const anonymous = await ctx.app.inject(row.request);
      if (anonymous.statusCode !== 401) failures.push(`${row.route} without a token: ${anonymous.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a client without the row’s scope with 403, and lets one with it through', async () => {
    const allScopes = await clientToken([...API_CLIENT_SCOPES]);
    const failures: string[] = [];
    for (const row of PROVIDER_ROWS) {
      const scope = scopeOf(row.route);
      const granted = await call(allScopes, row.request);
      if (granted.status < 200 || granted.status > 299) failures.push(`${row.route} with every scope: ${granted.status} ${stringifyJson(granted.body)}`);
      if (!scope) continue;
      const without = await call(await clientToken(API_CLIENT_SCOPES.filter((s) => s !== scope)), row.request);
      if (without.status !== 403) failures.push(`${row.route} without ${scope}: ${without.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a client’s token on every route of the billing and auth services that needs a session', async () => {
    const token = await clientToken([...API_CLIENT_SCOPES]);
    const failures: string[] = [];
    for (const row of endpointList.filter((r) => serviceOf(r) !== 'provider' && r.access !== 'public')) {
      const res = await ctx.app.inject({ method: row.method, url: row.path.replace(/\{\w+\}/g, String(other.account)), headers: bearer(token) });
      if (res.statusCode !== 401) failures.push(`${row.method} ${row.path}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
