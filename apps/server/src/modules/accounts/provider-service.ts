/**
 * The provider API's accounts: read, create or update, and close an account by the provider's own id.
 * Writes share the customer side's details plan and store (the same checks, history kept by dated
 * links) and are audited with the API client, so Account activity says "by <client name>".
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, eq, isNull, or, gt, lte, sql } from 'drizzle-orm';
import { AUTOPAY_OFF, type ProviderAccount, type ProviderAccountValues } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accountAddresses, accountContacts, accounts, addresses, contacts, invoices } from '../../db/schema';
import { conflict, invalidFields, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import type { ClientCaller } from '../../http/client-caller';
import { recordAudit } from '../../lib/audit';
import { assertBillDeliveryOffered, planCustomerDetailsUpdate, type CustomerDetailsInput, type StoredLink } from './customer-details-plan';
import { recordAccountUpdated } from './account-events';
import { loadAccountState, writeCustomerDetailsPlan } from './customer-details-store';
import { clientActor } from '../../lib/events';
import {
  checkProviderDetails,
  currencyChangeRefused,
  diffProviderColumns,
  documentsUntil,
  providerColumnsOf,
  type ProviderColumns,
} from './provider-account-rules';

type Tx = Parameters<Parameters<PortalDb['transaction']>[0]>[0];

const ACCOUNT = 'The account';
const parent = alias(accounts, 'parent');

const columnsOfRow = (row: typeof accounts.$inferSelect): ProviderColumns => ({
  name: row.name,
  type: row.type,
  currency: row.currency,
  timeZone: row.timeZone,
  parentId: row.parentId,
  invoiceName: row.invoiceName,
  planName: row.planName,
  planLines: row.planLines,
  planVoiceMinutes: row.planVoiceMinutes,
  planTextMessages: row.planTextMessages,
  planDataMb: row.planDataMb,
});

const currentLink = <T extends typeof accountAddresses | typeof accountContacts>(table: T, accountId: bigint, now: Date) =>
  and(eq(table.accountId, accountId), eq(table.type, 'Billing'), lte(table.startDate, now), or(isNull(table.endDate), gt(table.endDate, now)));

export const getProviderAccount = async (db: PortalDb, externalId: string, now: Date): Promise<ProviderAccount> => {
  const [row] = await db
    .select({ account: accounts, parentExternalId: parent.externalId })
    .from(accounts)
    .leftJoin(parent, eq(parent.id, accounts.parentId))
    .where(eq(accounts.externalId, externalId));
  if (!row) throw notFound(ACCOUNT);
  const { account } = row;
  const [[address], [contact]] = await Promise.all([
    db
      .select({ streetNumber: addresses.streetNumber, streetName: addresses.streetName, city: addresses.city, province: addresses.province, postal: addresses.postal, country: addresses.country })
      .from(accountAddresses)
      .innerJoin(addresses, eq(addresses.id, accountAddresses.addressId))
      .where(currentLink(accountAddresses, account.id, now))
      .orderBy(sql`${accountAddresses.startDate} desc`)
      .limit(1),
    db
      .select({ firstName: contacts.firstName, lastName: contacts.lastName, primaryEmail: contacts.primaryEmail, primaryPhone: contacts.primaryPhone })
      .from(accountContacts)
      .innerJoin(contacts, eq(contacts.id, accountContacts.contactId))
      .where(currentLink(accountContacts, account.id, now))
      .orderBy(sql`${accountContacts.startDate} desc`)
      .limit(1),
  ]);
  return {
    externalId,
    name: account.name,
    type: account.type,
    currency: account.currency as ProviderAccount['currency'],
    language: account.language,
    timeZone: account.timeZone,
    parentExternalId: row.parentExternalId,
    invoiceName: account.invoiceName,
    invoiceEmail: account.invoiceEmailAddress,
    billDelivery: account.billDelivery,
    billingContact: contact ?? null,
    billingAddress: address ?? null,
    plan:
      account.planName === null
        ? null
        : {
            name: account.planName,
            lines: account.planLines ?? 1,
            allowances: { voiceMinutes: account.planVoiceMinutes, textMessages: account.planTextMessages, dataMb: account.planDataMb },
          },
    closedAt: account.closedAt?.toISOString() ?? null,
    documentsUntil: account.closedAt ? documentsUntil(account.closedAt).toISOString() : null,
    createdAt: account.createdAt.toISOString(),
  };
};

const lockByExternalId = async (tx: Tx, externalId: string) =>
  (await tx.select().from(accounts).where(eq(accounts.externalId, externalId)).for('update'))[0];

/** The parent's id; an unknown one, the account itself or one below it answers 400 on `parentExternalId`. */
const resolveParent = async (tx: Tx, parentExternalId: string | null, externalId: string, accountId: bigint | null): Promise<bigint | null> => {
  if (parentExternalId === null) return null;
  const refuse = (message: string) => invalidFields(message, { parentExternalId: message });
  if (parentExternalId === externalId) throw refuse('An account cannot be its own parent.');
  const [found] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, parentExternalId));
  if (!found) throw refuse('No account has this external id.');
  if (accountId !== null) {
    const { rows } = await tx.execute(sql`
      with recursive up(id, parent_id) as (
        select id, parent_id from accounts where id = ${found.id}
        union select a.id, a.parent_id from accounts a join up on a.id = up.parent_id
      ) select 1 from up where id = ${accountId} limit 1`);
    if (rows.length > 0) throw refuse('This account is a sub-account of the account it would be placed under.');
  }
  return found.id;
};

/** The details plan's input: the body's billing address and contact as the account's current Billing rows. */
const detailsInput = (
  state: NonNullable<Awaited<ReturnType<typeof loadAccountState>>>,
  body: ProviderAccountValues,
  details: ReturnType<typeof checkProviderDetails>,
  now: Date,
): CustomerDetailsInput => {
  const current = (links: StoredLink[]) =>
    links.find((l) => l.type === 'Billing' && l.startDate <= now && (l.endDate === null || l.endDate > now))?.targetId;
  const addressId = current(state.addressLinks);
  const contactId = current(state.contactLinks);
  const newLink = { id: 0n, accountId: state.accountId, targetId: 0n, type: 'Billing', endDate: null };
  return {
    accountId: state.accountId,
    language: body.language,
    invoiceEmail: body.invoiceEmail,
    billDelivery: body.billDelivery,
    addresses: [{ id: addressId ?? 0n, values: details.address }],
    accountAddresses: addressId === undefined ? [newLink] : [],
    contacts: [{ id: contactId ?? 0n, values: details.contact }],
    accountContacts: contactId === undefined ? [newLink] : [],
    deleteAccountAddressIds: [],
    deleteAddressIds: [],
    deleteAccountContactIds: [],
    deleteContactIds: [],
  };
};

/** PUT: creates the account (created: true) or brings it to the body; an unchanged body writes nothing. */
export const putProviderAccount = async (
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  client: ClientCaller,
  externalId: string,
  body: ProviderAccountValues,
): Promise<{ created: boolean; account: ProviderAccount }> => {
  const details = checkProviderDetails(body);
  const now = clock.now();
  const created = await db.transaction(async (tx) => {
    let row = await lockByExternalId(tx, externalId);
    const parentId = await resolveParent(tx, body.parentExternalId, externalId, row?.id ?? null);
    const wanted = providerColumnsOf(body, parentId);
    let isNew = false;
    if (!row) {
      const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerNo, externalId));
      if (taken) throw conflict('Another account already has this external id as its customer number.');
      [row] = await tx
        .insert(accounts)
        .values({ ...wanted, customerNo: externalId, externalId, language: body.language, paymentMethod: AUTOPAY_OFF, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      // A concurrent PUT of the same id created it first: this one updates it.
      isNew = row !== undefined;
      row ??= await lockByExternalId(tx, externalId);
      if (!row) throw conflict('The account is being created by another request; send it again.');
    }
    const accountId = row.id;
    const stored = columnsOfRow(row);
    const columns = isNew ? null : diffProviderColumns(stored, wanted);
    if (columns && 'currency' in columns.after) {
      const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.accountId, accountId)).limit(1);
      if (currencyChangeRefused(stored, wanted, invoice !== undefined)) {
        throw conflict(`The account has invoices in ${stored.currency}: its currency cannot change.`);
      }
    }
    const stateBefore = await loadAccountState(tx, accountId);
    if (!stateBefore) throw notFound(ACCOUNT);
    if (columns) await tx.update(accounts).set({ ...columns.after, updatedAt: now }).where(eq(accounts.id, accountId));
    const state = await loadAccountState(tx, accountId);
    if (!state) throw notFound(ACCOUNT);
    const plan = planCustomerDetailsUpdate(state, detailsInput(state, body, details, now), now);
    assertBillDeliveryOffered(plan, config.PAPER_BILLS);
    const changes = await writeCustomerDetailsPlan(tx, accountId, plan, now);
    // A new account is created, not updated: its first details are no change to tell of.
    if (!isNew) await recordAccountUpdated(tx, stateBefore, clientActor(client), now);
    if (isNew || columns || changes.length > 0) {
      await recordAudit(tx, {
        actorUserId: null,
        actorClientId: client.apiClientId,
        accountId,
        action: isNew ? 'account.created' : 'account.updated',
        entity: 'account',
        entityId: accountId,
        details: {
          externalId,
          changes: [...(isNew ? [{ entity: 'account', action: 'created', after: wanted }] : columns ? [{ entity: 'account', action: 'updated', ...columns }] : []), ...changes],
        },
      });
    }
    return isNew;
  });
  return { created, account: await getProviderAccount(db, externalId, now) };
};

/**
 * POST …/close: the account is closed from now (docs/decisions/0016-closing-an-account.md) and its
 * automatic payments stop; closing a closed account changes nothing and answers the same.
 */
export const closeProviderAccount = async ({ db, clock }: Pick<Deps, 'db' | 'clock'>, client: ClientCaller, externalId: string): Promise<ProviderAccount> => {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await lockByExternalId(tx, externalId);
    if (!row) throw notFound(ACCOUNT);
    if (row.closedAt) return;
    await tx.update(accounts).set({ closedAt: now, paymentMethod: AUTOPAY_OFF, updatedAt: now }).where(eq(accounts.id, row.id));
    await recordAudit(tx, {
      actorUserId: null,
      actorClientId: client.apiClientId,
      accountId: row.id,
      action: 'account.closed',
      entity: 'account',
      entityId: row.id,
      details: { externalId, documentsUntil: documentsUntil(now).toISOString(), paymentMethod: { before: row.paymentMethod, after: AUTOPAY_OFF } },
    });
  });
  return getProviderAccount(db, externalId, now);
};
