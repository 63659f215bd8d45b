import type { accounts } from '../src/db/schema';
import { depsOf, type Deps } from '../src/http/deps';
import { bearer, createAccount, createUser, tokenFor } from './factories';
import type { TestContext } from './app';

/** A customer who may use one new account: the account, the user and their request headers. */
export const createCustomer = async (ctx: TestContext, account: Partial<typeof accounts.$inferInsert> = {}) => {
  const created = await createAccount(ctx.database.db, account);
  const user = await createUser(ctx.database.db, { accountIds: [created.id] });
  const token = await tokenFor(ctx.database.db, user, { now: ctx.clock.now(), issuer: ctx.app.config.AUTH_ISSUER });
  return { account: created, user, headers: bearer(token) };
};

/** A Staff user's headers (reaches every account). */
export const staffHeaders = async (ctx: TestContext) => {
  const user = await createUser(ctx.database.db, { roles: ['Staff'] });
  return bearer(await tokenFor(ctx.database.db, user, { accountIds: [], now: ctx.clock.now() }));
};

/** The dependencies of a test app (to call services and job steps directly). */
export const appDeps = (ctx: TestContext): Deps => depsOf(ctx.app);

/** A provider API invoice of one Plan line and no tax for November 2026, issued December 1 (PUT /p/v1/invoices/{externalId}). */
export const novemberInvoiceBody = (accountExternalId: string, number: string, total = '100.00') => ({
  accountExternalId,
  number,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  issueDate: '2026-12-01',
  dueDate: '2026-12-21',
  currency: 'CAD',
  lines: [{ description: 'Unlimited Talk & Text', category: 'Plan', amount: total }],
  taxes: [],
  total,
});
