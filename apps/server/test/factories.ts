import { sql } from 'drizzle-orm';
import { toMinor, minorToDecimal } from '@portal/contract';
import type { PortalDb } from '../src/db/client';
import {
  accountAddresses,
  accountContacts,
  accounts,
  addresses,
  charges,
  contacts,
  invoices,
  paymentAssignments,
  paymentMethods,
  payments,
  receivables,
  sandboxVault,
  userAccounts,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { loadSigningKeys, SIGNING_KEY_CONTEXT } from '../src/lib/signing-keys';
import { createSession } from '../src/modules/sessions';
import { signSessionToken } from '../src/modules/tokens';
import { createSecretBox } from '../src/lib/secret-box';
import { testConfig } from '../src/config';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'Correct-Horse-42!';
let cachedHash: Promise<string> | null = null;
const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

export const createUser = async (
  db: PortalDb,
  overrides: Partial<typeof users.$inferInsert> & { accountIds?: bigint[]; password?: string | null } = {},
): Promise<UserRow> => {
  const n = next();
  const { accountIds = [], password, ...fields } = overrides;
  const passwordHash = password === null ? null : password ? await hashPassword(password) : await testPasswordHash();
  const [user] = await db
    .insert(users)
    .values({ username: `user${n}`, email: `user${n}@example.com`, name: `Test User ${n}`, status: 'active', passwordHash, ...fields })
    .returning();
  for (const accountId of accountIds) await db.insert(userAccounts).values({ userId: user!.id, accountId });
  return user!;
};

export const createAccount = async (db: PortalDb, overrides: Partial<typeof accounts.$inferInsert> = {}): Promise<AccountRow> => {
  const n = next();
  const [account] = await db
    .insert(accounts)
    .values({
      customerNo: `T${String(n).padStart(6, '0')}`,
      name: `Test Account ${n}`,
      invoiceName: `Test Account ${n} Billing`,
      invoiceEmailAddress: `billing${n}@example.com`,
      invoicePrefix: `T${n}`,
      type: 'Residential',
      currency: 'CAD',
      language: 'English',
      paymentMethod: 'Credit Card (Manual)',
      ...overrides,
    })
    .returning();
  return account!;
};

/** A current billing address and billing contact (what checkout and account screens need). */
export const createBillingDetails = async (db: PortalDb, accountId: bigint, startDate = new Date('2020-01-01T00:00:00Z')) => {
  const [address] = await db
    .insert(addresses)
    .values({ accountId, streetNumber: '100', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' })
    .returning();
  const [accountAddress] = await db.insert(accountAddresses).values({ accountId, addressId: address!.id, type: 'Billing', startDate }).returning();
  const [contact] = await db
    .insert(contacts)
    .values({ accountId, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@example.com', primaryPhone: '+14165550100' })
    .returning();
  const [accountContact] = await db.insert(accountContacts).values({ accountId, contactId: contact!.id, type: 'Billing', startDate }).returning();
  return { address: address!, accountAddress: accountAddress!, contact: contact!, accountContact: accountContact! };
};

/** An invoice with one plan charge (and a receivable when Posted). */
export const createInvoice = async (
  db: PortalDb,
  accountId: bigint,
  overrides: Partial<typeof invoices.$inferInsert> = {},
): Promise<InvoiceRow & { arId: bigint | null }> => {
  const n = next();
  const state = overrides.state ?? 'Posted';
  const [invoice] = await db
    .insert(invoices)
    .values({
      accountId,
      invoiceNumber: `INV-${String(n).padStart(6, '0')}`,
      state,
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      dueDate: '2025-02-21',
      postedDate: state === 'Posted' ? new Date('2025-02-01T00:00:00Z') : null,
      amount: '100.00',
      currency: 'CAD',
      ...overrides,
    })
    .returning();
  await db.insert(charges).values({
    accountId,
    invoiceId: invoice!.id,
    category: 'Plan',
    description: 'Unlimited Talk & Text',
    amount: invoice!.amount,
    currency: invoice!.currency,
    startDate: invoice!.startDate,
    endDate: invoice!.endDate,
  });
  let arId: bigint | null = null;
  if (state === 'Posted') {
    const [receivable] = await db
      .insert(receivables)
      .values({ accountId, invoiceId: invoice!.id, amount: invoice!.amount, currency: invoice!.currency, dueDate: invoice!.dueDate })
      .returning();
    arId = receivable!.id;
  }
  return { ...invoice!, arId };
};

/** A saved sandbox card (with its vault entry). */
export const createPaymentMethod = async (
  db: PortalDb,
  accountId: bigint,
  overrides: { brand?: string; last4?: string; expMonth?: number; expYear?: number; isDefault?: boolean; declinesCharges?: boolean } = {},
) => {
  const n = next();
  const card = { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: false, declinesCharges: false, ...overrides };
  const ref = `card_test_${n}`;
  await db.insert(sandboxVault).values({ ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, declinesCharges: card.declinesCharges });
  const [method] = await db
    .insert(paymentMethods)
    .values({ accountId, provider: 'sandbox', providerRef: ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, isDefault: card.isDefault })
    .returning();
  return method!;
};

/** A payment, optionally assigned to receivables. */
export const createPayment = async (
  db: PortalDb,
  accountId: bigint,
  overrides: Partial<typeof payments.$inferInsert> & { assignments?: { receivableId: bigint; amount: string }[] } = {},
) => {
  const { assignments = [], ...fields } = overrides;
  const total = assignments.reduce((sum, a) => sum + toMinor(a.amount), 0n);
  const [payment] = await db
    .insert(payments)
    .values({
      accountId,
      amount: total > 0n ? minorToDecimal(total) : '50.00',
      currency: 'CAD',
      status: 'Successful',
      type: 'Credit Card (Manual)',
      description: 'Payment',
      ...fields,
    })
    .returning();
  for (const a of assignments) await db.insert(paymentAssignments).values({ paymentId: payment!.id, receivableId: a.receivableId, amount: a.amount });
  return payment!;
};

/** A session token exactly as the auth service would sign it. */
export const tokenFor = async (
  db: PortalDb,
  user: { id: bigint; name: string; roles: string[] },
  options: { accountIds?: bigint[]; ttlMinutes?: number; now?: Date; issuer?: string } = {},
): Promise<string> => {
  const accountIds =
    options.accountIds ??
    (await db.execute<{ account_id: bigint }>(sql`select account_id from user_accounts where user_id = ${user.id} order by account_id`)).rows.map(
      (r) => r.account_id,
    );
  const now = options.now ?? new Date();
  const ttlMinutes = options.ttlMinutes ?? 60;
  const keys = await loadSigningKeys(db, createSecretBox(testConfig().SECRETS_KEY, SIGNING_KEY_CONTEXT), { now, tokenLifetimeMs: 480 * 60_000 });
  const session = await createSession(db, { userId: user.id, client: { ip: '127.0.0.1', userAgent: 'vitest' }, now, expiresAt: new Date(now.getTime() + ttlMinutes * 60_000) });
  return signSessionToken(keys, { userId: user.id, sessionId: session.id, name: user.name, roles: user.roles, accountIds, idleMinutes: testConfig().SESSION_IDLE_MINUTES }, {
    issuer: options.issuer ?? testConfig().AUTH_ISSUER,
    ttlMinutes,
    now,
  });
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
