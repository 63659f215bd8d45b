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
