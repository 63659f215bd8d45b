/**
 * The spec's account calls. Reads go through the caller's visible accounts (another account
 * answers 404 exactly like an unknown one); the update runs in one transaction under a row lock.
 */
import { lockAccount } from '../../lib/account-lock';
import {
  AUTOPAY_ON,
  MAX_TAKE,
  type Account,
  type AccountDetailsResponse,
  type AccountListName,
  type AccountStatement,
  type AccountUpdateModelSchema,
  type Paged,
  type PagedQuery,
} from '@portal/contract';
import type { z } from 'zod';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest, notFound } from '../../errors';
import { assertAutopayCanTurnOn } from './autopay/readiness';
import { assertAccountAccess } from '../../lib/access';
import { assertRecentAuthentication } from '../../lib/recent-authentication';
import type { Caller } from '../../lib/caller';
import { documentLinks } from '../../lib/document-links';
import { findBillTo, listPostedInvoices, presentInvoiceListItem } from '../invoices';
import { assertBillDeliveryOffered, planCustomerDetailsUpdate, type CustomerDetailsInput } from './customer-details-plan';
import { actorOfCaller } from '../../lib/events';
import { recordAccountUpdated } from './account-events';
import { applyCustomerDetailsPlan, loadAccountState } from './customer-details-store';
import { presentAccount, presentAccountDetails, presentAccountName, presentStatement, withRequestedAccount } from './presenter';
import {
  findAccountName,
  findVisibleAccount,
  listAccountAddresses,
  listAccountContacts,
  listAccountNames,
  listAddresses,
  listContacts,
  listPeriodCredits,
  listPeriodPayments,
  postedInPeriod,
  sumBeforePeriod,
  type AccountRow,
} from './repository';
import { periodOf, type Period } from './statement-rules';

const ACCOUNT = 'The account';

/** The account, when the caller may use it (404 otherwise, exactly like an unknown one). */
export const requireVisibleAccount = async (db: PortalDb, caller: Caller, accountId: bigint): Promise<AccountRow> => {
  const account = await findVisibleAccount(db, caller, accountId);
  if (!account) throw notFound(ACCOUNT);
  return account;
};

export const getAccount = async ({ db }: Pick<Deps, 'db'>, caller: Caller, accountId: bigint): Promise<Account> => {
  const account = await requireVisibleAccount(db, caller, accountId);
  return presentAccount(account, await listAccountContacts(db, accountId));
};

export const getAccountDetails = async ({ db, config }: Pick<Deps, 'db' | 'config'>, caller: Caller, accountId: bigint): Promise<AccountDetailsResponse> => {
  const account = await requireVisibleAccount(db, caller, accountId);
  const [addresses, accountAddresses, contacts, accountContacts] = await Promise.all([
    listAddresses(db, accountId),
    listAccountAddresses(db, accountId),
    listContacts(db, accountId),
    listAccountContacts(db, accountId),
  ]);
  return presentAccountDetails(account, { addresses, accountAddresses, contacts, accountContacts }, config.PAPER_BILLS);
};

export const listNames = async (
  { db }: Pick<Deps, 'db'>,
  caller: Caller,
  query: PagedQuery & { accountId?: bigint | undefined },
): Promise<Paged<AccountListName>> => {
  const [page, requested] = await Promise.all([
    listAccountNames(db, caller, query),
    query.accountId === undefined ? Promise.resolve(undefined) : findAccountName(db, caller, query.accountId),
  ]);
  return {
    value: withRequestedAccount(page.rows, requested).map(presentAccountName),
    ...(page.count === undefined ? {} : { count: page.count }),
  };
};

const TOO_MANY = `The period holds more than ${MAX_TAKE} entries; choose a shorter period.`;

/**
 * Everything a statement shows for the period, in the account's currency: the ledger's sums before it,
 * and the posted invoices, Successful payments and credit notes within it. Totals come from the listed
 * rows, so a statement is either complete or refused. The JSON call and the PDF/CSV documents present it.
 */
export const loadStatement = async (db: PortalDb, caller: Caller, account: AccountRow, period: Period) => {
  const currency = account.currency.trim();
  const [before, invoicePage, payments, credits] = await Promise.all([
    sumBeforePeriod(db, account.id, currency, period),
    listPostedInvoices(
      db,
      caller,
      { skip: 0, take: MAX_TAKE, count: true, orderby: 'PostedDate asc', dnfilter: undefined },
      { scope: postedInPeriod(account.id, currency, period) },
    ),
    listPeriodPayments(db, account.id, currency, period, MAX_TAKE + 1),
    listPeriodCredits(db, account.id, currency, period, MAX_TAKE + 1),
  ]);
  if ((invoicePage.count ?? 0) > MAX_TAKE || payments.length > MAX_TAKE || credits.length > MAX_TAKE) throw badRequest(TOO_MANY);
  return { currency, before, invoices: invoicePage.rows, payments, credits };
};

export type LoadedStatement = Awaited<ReturnType<typeof loadStatement>>;

/**
 * Account/{accountId}/{startDate}/{endDate}: the statement as JSON, over the account's days (decision 0025),
 * as its PDF and CSV: payments and credits by the account's zone, invoices by the day they were issued.
 */
export const getStatement = async (
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  params: { accountId: bigint; startDate: string; endDate: string },
): Promise<AccountStatement> => {
  if (params.startDate > params.endDate) throw badRequest('startDate must be on or before endDate.');
  const account = await requireVisibleAccount(db, caller, params.accountId);
  const billTo = await findBillTo(db, account.id, null, clock.now());
  if (!billTo) throw notFound('The account');
  const statement = await loadStatement(db, caller, account, periodOf(params.startDate, params.endDate, billTo.timeZone));
  const links = await documentLinks(db, clock);
  return presentStatement({
    accountId: account.id,
    startDate: params.startDate,
    endDate: params.endDate,
    currency: statement.currency,
    before: statement.before,
    invoices: statement.invoices.map((row) => presentInvoiceListItem(row, links.urls(row.id, ['pdf'])[0]!)),
    invoiceAmounts: statement.invoices.map((row) => row.amount),
    payments: statement.payments,
    credits: statement.credits,
  });
};

type AccountUpdateModel = z.output<typeof AccountUpdateModelSchema>;

const planInput = (model: AccountUpdateModel): CustomerDetailsInput => ({
  accountId: model.accountId,
  language: model.language,
  invoiceEmail: model.invoiceEmail,
  paymentMethod: model.paymentMethod,
  billDelivery: model.billDelivery,
  addresses: model.addresses.map(({ id, ...values }) => ({ id, values })),
  accountAddresses: model.accountAddresses.map((l) => ({ id: l.id, accountId: l.accountId, targetId: l.addressId, type: l.type, endDate: l.endDate })),
  contacts: model.contacts.map(({ id, ...values }) => ({ id, values })),
  accountContacts: model.accountContacts.map((l) => ({ id: l.id, accountId: l.accountId, targetId: l.contactId, type: l.type, endDate: l.endDate })),
  deleteAccountAddressIds: model.deleteAccountAddressIds,
  deleteAddressIds: model.deleteAddressIds,
  deleteAccountContactIds: model.deleteAccountContactIds,
  deleteContactIds: model.deleteContactIds,
});

/** PUT Account/customerdetails: the whole model in one transaction, recorded in the audit log. */
export const updateCustomerDetails = async ({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller, model: AccountUpdateModel): Promise<true> => {
  await assertAccountAccess(db, caller, model.accountId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, model.accountId))) throw notFound(ACCOUNT);
    const state = await loadAccountState(tx, model.accountId);
    if (!state) throw notFound(ACCOUNT);
    const plan = planCustomerDetailsUpdate(state, planInput(model), now);
    assertBillDeliveryOffered(plan, config.PAPER_BILLS);
    // Where invoices go is where a hijacker would send them: a sensitive change (docs/decisions/0011-server-side-sessions.md).
    if (plan.account && 'invoiceEmailAddress' in plan.account) await assertRecentAuthentication(tx, caller, now);
    if (plan.account?.paymentMethod === AUTOPAY_ON && state.account.paymentMethod !== AUTOPAY_ON) {
      await assertAutopayCanTurnOn(tx, model.accountId, now);
    }
    await applyCustomerDetailsPlan(tx, model.accountId, plan, caller.userId, now);
    await recordAccountUpdated(tx, state, actorOfCaller(caller), now);
  });
  return true;
};
