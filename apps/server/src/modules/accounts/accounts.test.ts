import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@portal/contract';
import { accountAddresses, accountContacts, accounts, addresses, auditLog, autopaySchedules, contacts } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import {
  bearer,
  createAccount,
  createBillingDetails,
  createInvoice,
  createPayment,
  createPaymentMethod,
  createUser,
  tokenFor,
} from '../../../test/factories';

let ctx: TestContext;
let customer: Record<string, string>;
let staff: Record<string, string>;
let userId: bigint;
let own: Awaited<ReturnType<typeof createAccount>>;
let sub: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let ownBilling: Awaited<ReturnType<typeof createBillingDetails>>;
let otherBilling: Awaited<ReturnType<typeof createBillingDetails>>;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });
const put = (payload: unknown, headers = customer) =>
  ctx.app.inject({ method: 'PUT', url: '/b/v1/Account/customerdetails', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)) });

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set('2025-06-01T12:00:00Z');
  const db = ctx.database.db;
  own = await createAccount(db, { name: 'Beta Household', customerNo: 'C-200' });
  sub = await createAccount(db, { name: 'Alpha Line', customerNo: 'C-201', parentId: own.id, currency: 'USD' });
  other = await createAccount(db, { name: 'Gamma Corp', customerNo: 'C-300' });
  ownBilling = await createBillingDetails(db, own.id, new Date('2024-01-01T00:00:00Z'));
  otherBilling = await createBillingDetails(db, other.id, new Date('2024-01-01T00:00:00Z'));
  // A historic billing contact of the own account, ended last year.
  const [oldContact] = await db.insert(contacts).values({ accountId: own.id, firstName: 'Old', lastName: 'Contact', primaryEmail: 'old@example.com' }).returning();
  await db
    .insert(accountContacts)
    .values({ accountId: own.id, contactId: oldContact!.id, type: 'Billing', startDate: new Date('2023-01-01T00:00:00Z'), endDate: new Date('2024-01-01T00:00:00Z') });
  const user = await createUser(db, { accountIds: [own.id] });
  userId = user.id;
  customer = bearer(await tokenFor(db, user));
  staff = bearer(await tokenFor(db, await createUser(db, { roles: ['Staff'] }), { accountIds: [] }));
});
afterAll(() => ctx.close());

describe('GET /b/v1/Account/details/{accountId} and /b/v1/Account/{accountId}', () => {
  it('answers the account with every address, contact and dated link, historic ones included', async () => {
    const res = await get(`/b/v1/Account/details/${own.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account).toMatchObject({ id: Number(own.id), customerNo: 'C-200', name: 'Beta Household', currency: 'CAD', language: 'English', parentId: null });
    expect(body.addresses).toEqual([
      { id: Number(ownBilling.address.id), streetNumber: '100', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
    ]);
    expect(body.accountAddresses).toEqual([
      { id: Number(ownBilling.accountAddress.id), accountId: Number(own.id), addressId: Number(ownBilling.address.id), type: 'Billing', startDate: '2024-01-01T00:00:00.000Z', endDate: null },
    ]);
    expect(body.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['Pat', 'Old']);
    expect(body.accountContacts.map((l: { endDate: string | null }) => l.endDate)).toEqual(['2024-01-01T00:00:00.000Z', null]);
    expect(body.account.accountContacts).toEqual(body.accountContacts);
  });

  it('reaches sub-accounts, and answers another account with 404', async () => {
    expect((await get(`/b/v1/Account/details/${sub.id}`)).statusCode).toBe(200);
    for (const url of [`/b/v1/Account/details/${other.id}`, `/b/v1/Account/${other.id}`, '/b/v1/Account/details/424242']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'The account was not found.' });
    }
  });

  it('lets staff reach every account', async () => {
    const res = await get(`/b/v1/Account/${other.id}`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: Number(other.id), name: 'Gamma Corp', paymentMethod: 'Credit Card (Manual)' });
    expect(res.json().accountContacts).toHaveLength(1);
  });

  it('answers a malformed id with 400 and no session with 401', async () => {
    const bad = await get('/b/v1/Account/details/-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^params\.accountId: /);
    const anonymous = await ctx.app.inject({ url: `/b/v1/Account/${own.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /b/v1/Account/names', () => {
  it('lists a customer’s accounts and sub-accounts by list name, counted', async () => {
    const res = await get('/b/v1/Account/names?orderby=listName%20asc&count=true&skip=0&take=1000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      value: [
        { accountId: Number(sub.id), listName: 'Alpha Line (C-201)', parentId: Number(own.id), currency: 'USD', closedAt: null, documentsUntil: null },
        { accountId: Number(own.id), listName: 'Beta Household (C-200)', parentId: null, currency: 'CAD', closedAt: null, documentsUntil: null },
      ],
      count: 2,
    });
  });

  it('lets staff search every account, paged', async () => {
    const all = await get('/b/v1/Account/names?count=true&take=2', staff);
    expect(all.json().count).toBe(3);
    expect(all.json().value.map((v: { listName: string }) => v.listName)).toEqual(['Alpha Line (C-201)', 'Beta Household (C-200)']);
    const search = await get(`/b/v1/Account/names?dnfilter=${encodeURIComponent('ListName.contains("gamma")')}&orderby=listName%20asc&take=20`, staff);
    expect(search.json()).toEqual({ value: [{ accountId: Number(other.id), listName: 'Gamma Corp (C-300)', parentId: null, currency: 'CAD', closedAt: null, documentsUntil: null }] });
    const desc = await get('/b/v1/Account/names?orderby=CustomerNo%20desc&take=1', staff);
    expect(desc.json().value[0].listName).toBe('Gamma Corp (C-300)');
  });

  it('includes the account asked for by accountId when the caller may see it', async () => {
    const page = await get(`/b/v1/Account/names?orderby=listName%20asc&take=1&accountId=${other.id}`, staff);
    expect(page.json().value.map((v: { accountId: number }) => v.accountId)).toEqual([Number(sub.id), Number(other.id)]);
    const notTwice = await get(`/b/v1/Account/names?orderby=listName%20asc&take=1&accountId=${sub.id}`, staff);
    expect(notTwice.json().value).toHaveLength(1);
    const notVisible = await get(`/b/v1/Account/names?accountId=${other.id}`);
    expect(notVisible.json().value.map((v: { accountId: number }) => v.accountId)).not.toContain(Number(other.id));
  });

  it('answers bad paging and filters with 400', async () => {
    const take = await get('/b/v1/Account/names?take=5000', staff);
    expect(take.statusCode).toBe(400);
    expect(take.json()).toEqual({ error: 'querystring.take: take must be at most 1000' });
    const filter = await get(`/b/v1/Account/names?dnfilter=${encodeURIComponent('ListName.contains("a"')}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().error).toMatch(/at position \d+$/);
  });
});

describe('GET /b/v1/Account/{accountId}/{startDate}/{endDate}', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    const posted = (date: string) => ({ postedDate: new Date(`${date}T12:00:00Z`) });
    const jan = await createInvoice(db, own.id, { invoiceNumber: 'ST-01', amount: '100.00', ...posted('2025-02-01') });
    await createInvoice(db, own.id, { invoiceNumber: 'ST-02', amount: '80.00', ...posted('2025-03-01') });
    await createInvoice(db, own.id, { invoiceNumber: 'ST-03', amount: '70.00', ...posted('2025-04-01') });
    await createInvoice(db, own.id, { invoiceNumber: 'ST-DRAFT', state: 'Draft', amount: '999.00' });
    await createInvoice(db, own.id, { invoiceNumber: 'ST-USD', currency: 'USD', amount: '5.00', ...posted('2025-03-02') });
    await createPayment(db, own.id, { date: new Date('2025-02-10T00:00:00Z'), amount: '100.00', assignments: [{ receivableId: jan.arId!, amount: '100.00' }] });
    await createPayment(db, own.id, { date: new Date('2025-03-10T00:00:00Z'), amount: '30.00' });
    await createPayment(db, own.id, { date: new Date('2025-03-11T00:00:00Z'), amount: '40.00', status: 'Error' });
  });

  it('answers opening balance, the period’s posted invoices and payments, and the closing balance', async () => {
    const res = await get(`/b/v1/Account/${own.id}/2025-02-15/2025-03-31`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      accountId: Number(own.id),
      startDate: '2025-02-15',
      endDate: '2025-03-31',
      currency: 'CAD',
      // Before Feb 15: paid 100.00, invoiced 100.00.
      openingBalance: 0,
      totalInvoiced: 80,
      totalPaid: 30,
      closingBalance: -50,
    });
    expect(body.invoices.map((i: { invoiceNumber: string; owing: number }) => [i.invoiceNumber, i.owing])).toEqual([['ST-02', 80]]);
    expect(body.invoices[0].s3UrlDetails.urls[0].name).toBe('PDF');
    expect(body.payments).toEqual([expect.objectContaining({ amount: 30, date: '2025-03-10T00:00:00.000Z', currency: 'CAD' })]);

    const whole = await get(`/b/v1/Account/${own.id}/2025-01-01/2025-04-01`);
    expect(whole.json()).toMatchObject({ openingBalance: 0, totalInvoiced: 250, totalPaid: 130, closingBalance: -120 });
    const instants = await get(`/b/v1/Account/${own.id}/2025-01-01T00:00:00Z/2025-04-01T23:00:00-05:00`);
    expect(instants.json()).toMatchObject({ startDate: '2025-01-01', endDate: '2025-04-02', totalInvoiced: 250 });
    const later = await get(`/b/v1/Account/${own.id}/2025-04-02/2025-04-30`);
    expect(later.json()).toMatchObject({ openingBalance: -120, totalInvoiced: 0, totalPaid: 0, closingBalance: -120, invoices: [], payments: [] });
  });

  it('answers bad periods with 400 and another account with 404', async () => {
    const reversed = await get(`/b/v1/Account/${own.id}/2025-03-01/2025-02-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ error: 'startDate must be on or before endDate.' });
    const invalid = await get(`/b/v1/Account/${own.id}/2025-02-30/2025-03-01`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatch(/^params\.startDate: /);
    const others = await get(`/b/v1/Account/${other.id}/2025-01-01/2025-12-31`);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ error: 'The account was not found.' });
  });
});

describe('PUT /b/v1/Account/customerdetails', () => {
  const model = (overrides: Record<string, unknown> = {}) => ({
    accountId: own.id,
    language: 'English',
    invoiceEmail: 'billing@example.com',
    addresses: [],
    accountAddresses: [],
    contacts: [],
    accountContacts: [],
    deleteAccountAddressIds: [],
    deleteAddressIds: [],
    deleteAccountContactIds: [],
    deleteContactIds: [],
    ...overrides,
  });

  it('answers each invalid field with 400 and its `fields` entry, and saves nothing', async () => {
    const db = ctx.database.db;
    const snapshot = async () => ({
      account: await db.select().from(accounts).where(eq(accounts.id, own.id)),
      addresses: await db.select().from(addresses).where(eq(addresses.accountId, own.id)).orderBy(asc(addresses.id)),
      contacts: await db.select().from(contacts).where(eq(contacts.accountId, own.id)).orderBy(asc(contacts.id)),
      links: await db.select().from(accountAddresses).where(eq(accountAddresses.accountId, own.id)).orderBy(asc(accountAddresses.id)),
    });
    const before = await snapshot();
    const { accountId: _accountId, ...stored } = ownBilling.address;
    const billing = { ...stored, id: ownBilling.address.id };
    const person = { id: ownBilling.contact.id, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@example.com', primaryPhone: '+14165550100' };
    const INVALID = 'Some billing details are not valid; correct the fields listed.';
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ invoiceEmail: 'not-an-email' }, 'body.invoiceEmail: Please enter a valid email address.', { invoiceEmail: 'Please enter a valid email address.' }],
      [{ language: 'German' }, 'body.language: Language must be English or French', { language: 'Language must be English or French' }],
      [{ contacts: [{ ...person, firstName: '  ' }] }, INVALID, { 'contacts.0.firstName': 'This field is required.' }],
      [{ contacts: [{ ...person, lastName: null }] }, INVALID, { 'contacts.0.lastName': 'This field is required.' }],
      [{ contacts: [{ ...person, primaryPhone: 'call me' }] }, INVALID, { 'contacts.0.primaryPhone': 'Please enter a valid phone number.' }],
      [
        { contacts: [{ ...person, primaryEmail: 'pat@' }] },
        'body.contacts.0.primaryEmail: Please enter a valid email address.',
        { 'contacts.0.primaryEmail': 'Please enter a valid email address.' },
      ],
      [{ addresses: [{ ...billing, streetName: ' ' }] }, INVALID, { 'addresses.0.streetName': 'This field is required.' }],
      [{ addresses: [{ ...billing, city: '' }] }, INVALID, { 'addresses.0.city': 'This field is required.' }],
      [{ addresses: [{ ...billing, country: 'Narnia' }] }, INVALID, { 'addresses.0.country': 'Please choose a country from the list.' }],
      [{ addresses: [{ ...billing, province: 'Ontario!!' }] }, INVALID, { 'addresses.0.province': 'Please choose a province or state from the list.' }],
      [{ addresses: [{ ...billing, postal: '99999999999' }] }, INVALID, { 'addresses.0.postal': 'Please enter a valid postal or zip code.' }],
      [
        { addresses: [{ ...billing, country: 'US', province: 'TX', postal: 'K1A 0B1' }] },
        INVALID,
        { 'addresses.0.postal': 'Please enter a valid postal or zip code.' },
      ],
      // Toronto's postal code under British Columbia: taxes follow the province, so the pair must agree.
      [
        { addresses: [{ ...billing, city: 'Toronto', province: 'BC', postal: 'M4J 2K7' }] },
        INVALID,
        { 'addresses.0.postal': 'This postal or zip code is not in the province or state you chose.' },
      ],
      [
        { addresses: [{ ...billing, city: 'Austin', country: 'US', province: 'TX', postal: '10001' }] },
        INVALID,
        { 'addresses.0.postal': 'This postal or zip code is not in the province or state you chose.' },
      ],
    ];
    for (const [overrides, error, fields] of cases) {
      const res = await put(model({ language: 'French', ...overrides }));
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error, fields });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('applies the update with dated history: the old billing links end now, new ones start now', async () => {
    const db = ctx.database.db;
    const res = await put(
      model({
        language: 'French',
        invoiceEmail: 'factures@example.com',
        addresses: [{ ...ownBilling.address, id: ownBilling.address.id, streetNumber: '200', postal: 'M5V 2T6', accountId: 999, createdAt: 'x' }],
        contacts: [{ id: ownBilling.contact.id, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat.lee@example.com', primaryPhone: '(416) 555-0199' }],
        somethingElse: 'ignored',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);

    const [account] = await db.select().from(accounts).where(eq(accounts.id, own.id));
    expect(account).toMatchObject({ language: 'French', invoiceEmailAddress: 'factures@example.com' });

    const now = new Date('2025-06-01T12:00:00Z');
    const links = await db.select().from(accountAddresses).where(eq(accountAddresses.accountId, own.id)).orderBy(asc(accountAddresses.id));
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ id: ownBilling.accountAddress.id, addressId: ownBilling.address.id, endDate: now });
    expect(links[1]).toMatchObject({ type: 'Billing', startDate: now, endDate: null });
    // The old address row is history, untouched; the change is a new row.
    const [oldAddress] = await db.select().from(addresses).where(eq(addresses.id, ownBilling.address.id));
    expect(oldAddress).toMatchObject({ streetNumber: '100', postal: 'M5X 1A9' });
    const [newAddress] = await db.select().from(addresses).where(eq(addresses.id, links[1]!.addressId));
    expect(newAddress).toMatchObject({ accountId: own.id, streetNumber: '200', streetName: 'King St W', postal: 'M5V 2T6' });

    const contactLinks = await db
      .select()
      .from(accountContacts)
      .where(and(eq(accountContacts.accountId, own.id), eq(accountContacts.type, 'Billing')))
      .orderBy(asc(accountContacts.id));
    const current = contactLinks.filter((l) => l.endDate === null);
    expect(current).toHaveLength(1);
    expect(contactLinks.find((l) => l.id === ownBilling.accountContact.id)?.endDate).toEqual(now);
    const [newContact] = await db.select().from(contacts).where(eq(contacts.id, current[0]!.contactId));
    expect(newContact).toMatchObject({ primaryEmail: 'pat.lee@example.com', primaryPhone: '+14165550199' });

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.accountId, own.id));
    expect(audit).toMatchObject({ actorUserId: userId, action: 'account.customerdetails.update', entity: 'account', entityId: String(own.id) });
    const changes = (audit!.details as { changes: Record<string, unknown>[] }).changes;
    expect(changes[0]).toEqual({
      entity: 'account',
      action: 'updated',
      before: { language: 'English', invoiceEmailAddress: own.invoiceEmailAddress },
      after: { language: 'French', invoiceEmailAddress: 'factures@example.com' },
    });
    expect(changes).toContainEqual(
      expect.objectContaining({
        entity: 'address',
        action: 'replaced',
        id: String(ownBilling.address.id),
        newId: String(newAddress!.id),
        before: { streetNumber: '100', postal: 'M5X 1A9' },
        after: { streetNumber: '200', postal: 'M5V 2T6' },
      }),
    );
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'accountAddress', action: 'ended', id: String(ownBilling.accountAddress.id) }));
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'accountAddress', action: 'started', target: String(newAddress!.id) }));
  });

  it('answers another account’s address, contact or link id with 404 and changes nothing', async () => {
    const db = ctx.database.db;
    const before = await db.select().from(accounts).where(eq(accounts.id, own.id));
    const cases: [Record<string, unknown>, string][] = [
      [{ addresses: [{ ...otherBilling.address, streetName: 'Hijacked' }] }, 'The address was not found.'],
      [{ contacts: [{ id: otherBilling.contact.id, firstName: 'X', lastName: 'Y', primaryEmail: null, primaryPhone: null }] }, 'The contact was not found.'],
      [{ deleteAddressIds: [otherBilling.address.id] }, 'The address was not found.'],
      [{ deleteAccountContactIds: [otherBilling.accountContact.id] }, 'The account contact was not found.'],
      [
        { accountAddresses: [{ id: 0, accountId: own.id, addressId: otherBilling.address.id, type: 'Billing', endDate: null }] },
        'The address was not found.',
      ],
    ];
    for (const [overrides, error] of cases) {
      const res = await put(model({ language: 'English', ...overrides }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error });
    }
    const othersAccount = await put(model({ accountId: other.id }));
    expect(othersAccount.statusCode).toBe(404);
    expect(othersAccount.json()).toEqual({ error: 'The account was not found.' });

    // Nothing was written: not the other account's rows, not this account's language.
    const [otherAddress] = await db.select().from(addresses).where(eq(addresses.id, otherBilling.address.id));
    expect(otherAddress!.streetName).toBe('King St W');
    const [otherLink] = await db.select().from(accountContacts).where(eq(accountContacts.id, otherBilling.accountContact.id));
    expect(otherLink!.endDate).toBeNull();
    expect(await db.select().from(accounts).where(eq(accounts.id, own.id))).toEqual(before);
  });

  it('adds a new billing address and ends the current one; delete lists end links', async () => {
    const db = ctx.database.db;
    ctx.clock.set('2025-06-02T08:00:00Z');
    const res = await put(
      model({
        language: 'French',
        invoiceEmail: 'factures@example.com',
        addresses: [{ id: 0, streetNumber: '5', streetName: 'Rue Sainte-Catherine', city: 'Montréal', province: 'QC', postal: 'H3B 1A7', country: 'CA' }],
        accountAddresses: [{ id: 0, accountId: own.id, addressId: 0, type: 'Billing', endDate: null }],
      }),
    );
    expect(res.statusCode).toBe(200);
    const current = await db.select().from(accountAddresses).where(and(eq(accountAddresses.accountId, own.id)));
    const open = current.filter((l) => l.endDate === null);
    expect(open).toHaveLength(1);
    const [address] = await db.select().from(addresses).where(eq(addresses.id, open[0]!.addressId));
    expect(address!.city).toBe('Montréal');

    const ended = await put(model({ language: 'French', invoiceEmail: 'factures@example.com', deleteAccountAddressIds: [open[0]!.id] }));
    expect(ended.statusCode).toBe(200);
    const [link] = await db.select().from(accountAddresses).where(eq(accountAddresses.id, open[0]!.id));
    expect(link!.endDate).toEqual(new Date('2025-06-02T08:00:00Z'));
  });

  it('turns automatic payments on only with a saved schedule on a card that has not expired (the toggle\'s rule)', async () => {
    const body = model({ language: 'French', invoiceEmail: 'factures@example.com', paymentMethod: 'Credit Card' });
    const noSchedule = await put(body);
    expect(noSchedule.statusCode).toBe(400);
    expect(noSchedule.json()).toEqual({ error: PAYMENT_MESSAGES.autopayNeedsSchedule });

    const expired = await createPaymentMethod(ctx.database.db, own.id, { expMonth: 1, expYear: 2020 });
    await ctx.database.db.insert(autopaySchedules).values({ accountId: own.id, paymentMethodId: expired.id, frequency: 'dueDate', amountType: 'full' });
    const expiredCard = await put(body);
    expect(expiredCard.statusCode).toBe(400);
    expect(expiredCard.json()).toEqual({ error: PAYMENT_MESSAGES.autopayCardExpired });

    const card = await createPaymentMethod(ctx.database.db, own.id, { isDefault: true });
    await ctx.database.db.update(autopaySchedules).set({ paymentMethodId: card.id }).where(eq(autopaySchedules.accountId, own.id));
    const accepted = await put(body);
    expect(accepted.statusCode).toBe(200);
    const [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, own.id));
    expect(account!.paymentMethod).toBe('Credit Card');
  });

  it('lets staff update any account', async () => {
    const res = await put(model({ accountId: other.id, language: 'French', invoiceEmail: null }), staff);
    expect(res.statusCode).toBe(200);
    const [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, other.id));
    expect(account).toMatchObject({ language: 'French', invoiceEmailAddress: null });
  });
});
