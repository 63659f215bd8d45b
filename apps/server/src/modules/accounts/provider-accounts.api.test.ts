/**
 * The provider API's accounts: PUT creates (201) or updates (200) by external id, the same body again
 * changes nothing, the billing details answer the Account Information form's messages by field path,
 * sub-accounts by parentExternalId, no currency change under invoices, and closing: its people still
 * sign in and download its documents until the retention date (closed-account.api.test.ts: the rest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, CLOSED_ACCOUNT_DOCUMENT_DAYS, type ProviderAccountInput } from '@portal/contract';
import { BILLING_MESSAGES } from '@portal/contract/billing-details';
import { buildTestApp, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { authCalls } from '../../../test/auth';
import { bearer, createInvoice, createUser, TEST_PASSWORD, tokenFor } from '../../../test/factories';
import { accountAddresses, accounts, auditLog, ledgerVersions, userAccounts } from '../../db/schema';

let ctx: TestContext;
let headers: { authorization: string };

const body = (overrides: Partial<ProviderAccountInput> = {}): ProviderAccountInput => ({
  name: 'Lee Household',
  type: 'Residential',
  currency: 'CAD',
  language: 'English',
  timeZone: 'America/Toronto',
  invoiceName: 'Pat Lee',
  invoiceEmail: 'pat@example.com',
  billingContact: { firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@example.com', primaryPhone: '416 555 0134' },
  billingAddress: { streetNumber: '100', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'm5x1a9', country: 'CA' },
  plan: { name: 'Talk & Text 150 + 5 GB', lines: 2, allowances: { voiceMinutes: 300, textMessages: null, dataMb: 10_240 } },
  ...overrides,
});

const put = (externalId: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/p/v1/accounts/${externalId}`, headers, payload: payload as object });
const get = (externalId: string) => ctx.app.inject({ method: 'GET', url: `/p/v1/accounts/${externalId}`, headers });
const close = (externalId: string) => ctx.app.inject({ method: 'POST', url: `/p/v1/accounts/${externalId}/close`, headers });

const accountIdOf = async (externalId: string): Promise<bigint> =>
  (await ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, externalId)))[0]!.id;
const auditOf = (accountId: bigint) => ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(auditLog.id);

beforeAll(async () => {
  ctx = await buildTestApp();
  headers = bearer(await clientTokenFor(ctx, ['accounts:write']));
});
afterAll(async () => ctx?.close());

describe('PUT /p/v1/accounts/{externalId}', () => {
  it('creates the account (201) with its billing details normalised, audited with the client', async () => {
    const res = await put('BSS-100', body());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      externalId: 'BSS-100',
      name: 'Lee Household',
      currency: 'CAD',
      timeZone: 'America/Toronto',
      parentExternalId: null,
      invoiceEmail: 'pat@example.com',
      billingContact: { firstName: 'Pat', lastName: 'Lee', primaryPhone: '+14165550134' },
      billingAddress: { streetName: 'King St W', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
      plan: { name: 'Talk & Text 150 + 5 GB', lines: 2, allowances: { voiceMinutes: 300, textMessages: null, dataMb: 10_240 } },
      closedAt: null,
      documentsUntil: null,
    });
    expect((await get('BSS-100')).json()).toEqual(res.json());
    const [entry] = await auditOf(await accountIdOf('BSS-100'));
    expect(entry).toMatchObject({ action: 'account.created', actorUserId: null });
    expect(entry!.actorClientId).not.toBeNull();
  });

  it('updates it (200), and the same body again changes nothing: no audit row, no new address', async () => {
    const accountId = await accountIdOf('BSS-100');
    const changed = body({ name: 'Lee Family', billingAddress: { ...body().billingAddress, streetNumber: '200' } });
    const updated = await put('BSS-100', changed);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Lee Family', billingAddress: { streetNumber: '200' } });
    const audit = await auditOf(accountId);
    expect(audit.map((a) => a.action)).toEqual(['account.created', 'account.updated']);
    // The old address is history: its link ended, the new one started.
    const links = await ctx.database.db.select().from(accountAddresses).where(eq(accountAddresses.accountId, accountId));
    expect(links.map((l) => l.endDate === null)).toEqual([false, true]);

    const [before] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    const versionOf = async () => (await ctx.database.db.select().from(ledgerVersions).where(eq(ledgerVersions.accountId, accountId)))[0]?.version;
    const version = await versionOf();
    expect(version).toBeDefined();
    const again = await put('BSS-100', changed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(updated.json());
    expect(await auditOf(accountId)).toHaveLength(2);
    expect(await ctx.database.db.select().from(accountAddresses).where(eq(accountAddresses.accountId, accountId))).toHaveLength(2);
    const [after] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect(await versionOf()).toBe(version);
  });

  it('shows the client by name in Account activity', async () => {
    const accountId = await accountIdOf('BSS-100');
    const staff = await createUser(ctx.database.db, { roles: ['Staff'] });
    const res = await ctx.app.inject({
      url: `/b/v1/Account/${accountId}/history`,
      headers: bearer(await tokenFor(ctx.database.db, staff, { accountIds: [], now: ctx.clock.now() })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const actions = (res.json() as { value: { action: string; actor: { kind: string; name: string } }[] }).value;
    expect(actions.map((a) => a.action)).toEqual(['account.updated', 'account.created']);
    expect(actions[0]!.actor).toEqual({ kind: 'client', name: 'Test client accounts:write' });
  });

  it('refuses billing details with the form’s messages by field path, and creates nothing', async () => {
    const res = await put(
      'BSS-BAD',
      body({
        billingAddress: { streetNumber: '1', streetName: 'Rue Sainte-Catherine', city: '', province: 'QC', postal: 'M5X 1A9', country: 'CA' },
        billingContact: { firstName: 'Pat', lastName: '', primaryEmail: null, primaryPhone: '12' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'billingAddress.city': BILLING_MESSAGES.required,
      'billingAddress.postal': BILLING_MESSAGES.postalRegion,
      'billingContact.lastName': BILLING_MESSAGES.required,
      'billingContact.primaryPhone': BILLING_MESSAGES.phone,
    });
    const country = await put('BSS-BAD', body({ billingAddress: { ...body().billingAddress, country: 'ZZ' } }));
    // A national number is read in the address's country: without a known country it is no number.
    expect(country.json().fields).toEqual({ 'billingAddress.country': BILLING_MESSAGES.country, 'billingContact.primaryPhone': BILLING_MESSAGES.phone });
    const zone = await put('BSS-BAD', body({ timeZone: 'Mars/Olympus', language: 'Klingon' as 'English' }));
    expect(zone.statusCode).toBe(400);
    expect(Object.keys(zone.json().fields).sort()).toEqual(['language', 'timeZone']);
    expect((await get('BSS-BAD')).statusCode).toBe(404);
  });

  it('keeps a French account in French with its Quebec address', async () => {
    const res = await put(
      'BSS-FR',
      body({
        name: 'Famille Tremblay',
        language: 'French',
        timeZone: 'America/Montreal',
        billingContact: { firstName: 'Élise', lastName: 'Tremblay', primaryEmail: null, primaryPhone: '514-555-0199' },
        billingAddress: { streetNumber: '1200', streetName: 'Rue Sainte-Catherine O', city: 'Montréal', province: 'qc', postal: 'H3B 1K9', country: 'ca' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      language: 'French',
      billingAddress: { city: 'Montréal', province: 'QC', country: 'CA' },
      billingContact: { primaryPhone: '+15145550199' },
    });
  });

  it('places a sub-account under its parent by external id; an unknown parent or a cycle answers 400 on parentExternalId', async () => {
    const sub = await put('BSS-100-L1', body({ name: 'Line 1', parentExternalId: 'BSS-100' }));
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json().parentExternalId).toBe('BSS-100');
    const [row] = await ctx.database.db.select({ parentId: accounts.parentId }).from(accounts).where(eq(accounts.externalId, 'BSS-100-L1'));
    expect(row!.parentId).toBe(await accountIdOf('BSS-100'));

    const unknown = await put('BSS-ORPHAN', body({ parentExternalId: 'NOPE' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ parentExternalId: 'No account has this external id.' });
    const cycle = await put('BSS-100', body({ name: 'Lee Family', billingAddress: { ...body().billingAddress, streetNumber: '200' }, parentExternalId: 'BSS-100-L1' }));
    expect(cycle.statusCode).toBe(400);
    expect(Object.keys(cycle.json().fields)).toEqual(['parentExternalId']);
    const itself = await put('BSS-100', body({ parentExternalId: 'BSS-100' }));
    expect(itself.json().fields).toEqual({ parentExternalId: 'An account cannot be its own parent.' });
  });

  it('changes the currency of an account without invoices, and answers 409 once it has one', async () => {
    const created = await put('BSS-USD', body());
    expect(created.statusCode).toBe(201);
    expect((await put('BSS-USD', body({ currency: 'USD' }))).json().currency).toBe('USD');
    await createInvoice(ctx.database.db, await accountIdOf('BSS-USD'), { currency: 'USD' });
    const refused = await put('BSS-USD', body({ currency: 'CAD' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/currency/);
    expect((await get('BSS-USD')).json().currency).toBe('USD');
  });
});

describe('POST /p/v1/accounts/{externalId}/close', () => {
  it('keeps it signing in and its documents downloadable until the retention date, then refuses sign-in', async () => {
    await put('BSS-CLOSE', body({ name: 'Closing Co' }));
    const accountId = await accountIdOf('BSS-CLOSE');
    const invoice = await createInvoice(ctx.database.db, accountId);
    const person = await createUser(ctx.database.db, { accountIds: [accountId] });
    const login = () => authCalls(ctx.app).login(person.username, TEST_PASSWORD);

    const closed = await close('BSS-CLOSE');
    expect(closed.statusCode, closed.body).toBe(200);
    const { closedAt, documentsUntil } = closed.json() as { closedAt: string; documentsUntil: string };
    expect(new Date(documentsUntil).getTime() - new Date(closedAt).getTime()).toBe(CLOSED_ACCOUNT_DOCUMENT_DAYS * 86_400_000);
    const again = await close('BSS-CLOSE');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(closed.json());
    expect((await auditOf(accountId)).filter((a) => a.action === 'account.closed')).toHaveLength(1);

    // Its person signs in after the close, finds it (closed) in the switcher and downloads its documents…
    const after = await login();
    expect(after.json(), after.body).toMatchObject({ successful: true });
    const session = bearer(after.json().token as string);
    const names = await ctx.app.inject({ url: '/b/v1/Account/names', headers: session });
    expect(names.json().value).toMatchObject([{ closedAt, documentsUntil }]);
    const urls = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoice.id}`, headers: session });
    expect(urls.statusCode, urls.body).toBe(200);
    const pdf = (urls.json() as { urls: { name: string; url: string }[] }).urls.find((u) => u.name === 'PDF')!;
    const download = await ctx.app.inject({ url: pdf.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/application\/pdf/);

    // …until the retention date has passed.
    await ctx.database.db
      .update(accounts)
      .set({ closedAt: sql`now() - ${`${CLOSED_ACCOUNT_DOCUMENT_DAYS + 1} days`}::interval` })
      .where(eq(accounts.id, accountId));
    expect((await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoice.id}`, headers: session })).statusCode).toBe(404);
    expect((await login()).json()).toMatchObject({ successful: false, error: AUTH_MESSAGES.accountClosed });
  });

  it('keeps a person with another open account reaching both, the closed one marked closed', async () => {
    await put('BSS-OPEN', body({ name: 'Open Co' }));
    await put('BSS-SHUT', body({ name: 'Shut Co' }));
    const open = await accountIdOf('BSS-OPEN');
    const shut = await accountIdOf('BSS-SHUT');
    const person = await createUser(ctx.database.db, { accountIds: [open, shut] });
    await close('BSS-SHUT');
    const login = await authCalls(ctx.app).login(person.username, TEST_PASSWORD);
    expect(login.json().successful).toBe(true);
    const names = await ctx.app.inject({ url: '/b/v1/Account/names', headers: bearer(login.json().token as string) });
    const entries = (names.json() as { value: { accountId: bigint; closedAt: string | null }[] }).value;
    expect(Object.fromEntries(entries.map((n) => [String(n.accountId), n.closedAt !== null]))).toEqual({ [String(open)]: false, [String(shut)]: true });
    // History kept: the person's link to the closed account stays.
    expect(await ctx.database.db.select().from(userAccounts).where(and(eq(userAccounts.userId, person.id), eq(userAccounts.accountId, shut)))).toHaveLength(1);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await close('NOBODY')).statusCode).toBe(404);
  });
});
