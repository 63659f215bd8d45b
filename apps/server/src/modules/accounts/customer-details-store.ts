/**
 * SQL of PUT Account/customerdetails: reads the account's state under a row lock and writes a plan
 * (customer-details-plan.ts) in the same transaction, with its audit record. Every write is keyed
 * by the account too, so a row of another account can never be touched even by a faulty plan.
 */
import { addressFieldsOf, type AddressFields } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { accountAddresses, accountContacts, accounts, addresses, contacts } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type {
  AccountState,
  AuditChange,
  ContactValues,
  CustomerDetailsPlan,
  KindPlan,
  Ref,
  StoredLink,
} from './customer-details-plan';

/** A transaction or the database: both run the same queries. */
type Tx = Parameters<Parameters<PortalDb['transaction']>[0]>[0];


const contactValues = (row: typeof contacts.$inferSelect): ContactValues => ({
  firstName: row.firstName,
  lastName: row.lastName,
  primaryEmail: row.primaryEmail,
  primaryPhone: row.primaryPhone,
});

/** Everything the plan needs, of this account only. */
export const loadAccountState = async (tx: Tx, accountId: bigint): Promise<AccountState | undefined> => {
  const [account] = await tx
    .select({ language: accounts.language, invoiceEmailAddress: accounts.invoiceEmailAddress, paymentMethod: accounts.paymentMethod, billDelivery: accounts.billDelivery })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return undefined;
  const addressRows = await tx.select().from(addresses).where(eq(addresses.accountId, accountId));
  const addressLinkRows = await tx.select().from(accountAddresses).where(eq(accountAddresses.accountId, accountId));
  const contactRows = await tx.select().from(contacts).where(eq(contacts.accountId, accountId));
  const contactLinkRows = await tx.select().from(accountContacts).where(eq(accountContacts.accountId, accountId));
  return {
    accountId,
    account,
    addresses: addressRows.map((row) => ({ id: row.id, values: addressFieldsOf(row) })),
    addressLinks: addressLinkRows.map(
      (row): StoredLink => ({ id: row.id, targetId: row.addressId, type: row.type, startDate: row.startDate, endDate: row.endDate }),
    ),
    contacts: contactRows.map((row) => ({ id: row.id, values: contactValues(row) })),
    contactLinks: contactLinkRows.map(
      (row): StoredLink => ({ id: row.id, targetId: row.contactId, type: row.type, startDate: row.startDate, endDate: row.endDate }),
    ),
  };
};

/** Whether the account has a saved card (automatic payments need one). */
type AddressType = typeof accountAddresses.$inferInsert.type;
type ContactType = typeof accountContacts.$inferInsert.type;

/** Writes one kind's plan; returns the ids of the rows it created, in plan order. */
const applyAddresses = async (tx: Tx, accountId: bigint, plan: KindPlan<AddressFields>): Promise<bigint[]> => {
  const created: bigint[] = [];
  for (const values of plan.creates) {
    const [row] = await tx.insert(addresses).values({ accountId, ...values }).returning({ id: addresses.id });
    created.push(row!.id);
  }
  const id = (ref: Ref): bigint => ('existing' in ref ? ref.existing : created[ref.created]!);
  const mine = (linkId: bigint) => and(eq(accountAddresses.id, linkId), eq(accountAddresses.accountId, accountId));
  for (const update of plan.updates) {
    await tx.update(addresses).set(update.values).where(and(eq(addresses.id, update.id), eq(addresses.accountId, accountId)));
  }
  if (plan.linkDeletes.length > 0) {
    await tx.delete(accountAddresses).where(and(inArray(accountAddresses.id, plan.linkDeletes), eq(accountAddresses.accountId, accountId)));
  }
  for (const end of plan.linkEnds) await tx.update(accountAddresses).set({ endDate: end.endDate }).where(mine(end.id));
  for (const update of plan.linkUpdates) {
    await tx
      .update(accountAddresses)
      .set({ type: update.type as AddressType, addressId: id(update.target), endDate: update.endDate })
      .where(mine(update.id));
  }
  for (const start of plan.linkStarts) {
    await tx
      .insert(accountAddresses)
      .values({ accountId, addressId: id(start.target), type: start.type as AddressType, startDate: start.startDate, endDate: start.endDate });
  }
  if (plan.deletes.length > 0) {
    await tx.delete(addresses).where(and(inArray(addresses.id, plan.deletes), eq(addresses.accountId, accountId)));
  }
  return created;
};

const applyContacts = async (tx: Tx, accountId: bigint, plan: KindPlan<ContactValues>): Promise<bigint[]> => {
  const created: bigint[] = [];
  for (const values of plan.creates) {
    const [row] = await tx.insert(contacts).values({ accountId, ...values }).returning({ id: contacts.id });
    created.push(row!.id);
  }
  const id = (ref: Ref): bigint => ('existing' in ref ? ref.existing : created[ref.created]!);
  const mine = (linkId: bigint) => and(eq(accountContacts.id, linkId), eq(accountContacts.accountId, accountId));
  for (const update of plan.updates) {
    await tx.update(contacts).set(update.values).where(and(eq(contacts.id, update.id), eq(contacts.accountId, accountId)));
  }
  if (plan.linkDeletes.length > 0) {
    await tx.delete(accountContacts).where(and(inArray(accountContacts.id, plan.linkDeletes), eq(accountContacts.accountId, accountId)));
  }
  for (const end of plan.linkEnds) await tx.update(accountContacts).set({ endDate: end.endDate }).where(mine(end.id));
  for (const update of plan.linkUpdates) {
    await tx
      .update(accountContacts)
      .set({ type: update.type as ContactType, contactId: id(update.target), endDate: update.endDate })
      .where(mine(update.id));
  }
  for (const start of plan.linkStarts) {
    await tx
      .insert(accountContacts)
      .values({ accountId, contactId: id(start.target), type: start.type as ContactType, startDate: start.startDate, endDate: start.endDate });
  }
  if (plan.deletes.length > 0) {
    await tx.delete(contacts).where(and(inArray(contacts.id, plan.deletes), eq(contacts.accountId, accountId)));
  }
  return created;
};

/** Audit details with every ref replaced by the id the row got. */
export const auditChanges = (changes: AuditChange[], createdAddresses: bigint[], createdContacts: bigint[]): Record<string, unknown>[] =>
  changes.map((change) => {
    const created = change.entity === 'address' || change.entity === 'accountAddress' ? createdAddresses : createdContacts;
    const idOf = (ref: Ref) => ('existing' in ref ? ref.existing : created[ref.created]!);
    const resolveRefs = (values: Record<string, unknown> | undefined) =>
      values &&
      Object.fromEntries(
        Object.entries(values).map(([key, value]) =>
          [key, value !== null && typeof value === 'object' && ('existing' in value || 'created' in value) ? idOf(value as Ref) : value],
        ),
      );
    switch (change.entity) {
      case 'account':
        return change;
      case 'address':
      case 'contact': {
        const { created: index, ...rest } = change;
        return { ...rest, ...(index === undefined ? {} : { newId: created[index]! }), before: change.before, after: change.after };
      }
      default: {
        const { target, ...rest } = change;
        return { ...rest, target: idOf(target), before: resolveRefs(change.before), after: resolveRefs(change.after) };
      }
    }
  });

/** Writes a plan (inside the caller's transaction); answers its changes as the audit log records them. */
export const writeCustomerDetailsPlan = async (
  tx: Tx,
  accountId: bigint,
  plan: CustomerDetailsPlan,
  now: Date,
): Promise<Record<string, unknown>[]> => {
  if (plan.account) await tx.update(accounts).set({ ...plan.account, updatedAt: now }).where(eq(accounts.id, accountId));
  const createdAddresses = await applyAddresses(tx, accountId, plan.addresses);
  const createdContacts = await applyContacts(tx, accountId, plan.contacts);
  return auditChanges(plan.changes, createdAddresses, createdContacts);
};

/** Writes a plan and its audit record (inside the caller's transaction). */
export const applyCustomerDetailsPlan = async (
  tx: Tx,
  accountId: bigint,
  plan: CustomerDetailsPlan,
  actorUserId: bigint,
  now: Date,
): Promise<void> => {
  const changes = await writeCustomerDetailsPlan(tx, accountId, plan, now);
  if (changes.length === 0) return;
  await recordAudit(tx, {
    actorUserId,
    accountId,
    action: 'account.customerdetails.update',
    entity: 'account',
    entityId: accountId,
    details: { changes },
  });
};
