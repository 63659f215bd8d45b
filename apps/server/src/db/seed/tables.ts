/**
 * The tables the generator fills, with the columns it writes. Column names come from the Drizzle schema, so a renamed
 * column cannot silently drift; every column is written explicitly (timestamps too) so the data is
 * the same on every run.
 */
import { ADDRESS_FIELDS } from '@portal/contract';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  accountAddresses,
  accountContacts,
  accounts,
  addresses,
  autopaySchedules,
  cdrs,
  charges,
  contacts,
  invoices,
  paymentAssignments,
  paymentMethods,
  payments,
  receivables,
  sandboxVault,
  ssoIdentities,
  userAccounts,
  users,
} from '../schema';
import { encodeRow, type Cell } from './copy-text';

export interface TableDef<K extends string = string> {
  /** SQL name. */
  name: string;
  /** Schema keys, in the order rows are written. */
  keys: readonly K[];
  /** SQL column names matching `keys`. */
  columns: readonly string[];
}

export type RowOf<D extends TableDef> = { readonly [P in D['keys'][number]]: Cell };

const define = <T extends PgTable, K extends keyof T['$inferSelect'] & string>(table: T, keys: readonly K[]): TableDef<K> => {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  return { name: getTableName(table), keys, columns: keys.map((k) => all[k]!.name) };
};

export const USERS = define(users, [
  'id',
  'username',
  'email',
  'name',
  'passwordHash',
  'status',
  'roles',
  'createdAt',
  'updatedAt',
  'lastLoginAt',
]);
export const SSO_IDENTITIES = define(ssoIdentities, ['id', 'userId', 'issuer', 'subject', 'email', 'createdAt']);
export const ACCOUNTS = define(accounts, [
  'id',
  'customerNo',
  'name',
  'invoiceName',
  'invoiceEmailAddress',
  'invoicePrefix',
  'type',
  'currency',
  'language',
  'paymentMethod',
  'parentId',
  'externalId',
  'providerCustomerRef',
  'createdAt',
  'updatedAt',
]);
export const USER_ACCOUNTS = define(userAccounts, ['userId', 'accountId']);
export const ADDRESSES = define(addresses, ['id', 'accountId', ...ADDRESS_FIELDS, 'createdAt']);
export const ACCOUNT_ADDRESSES = define(accountAddresses, ['id', 'accountId', 'addressId', 'type', 'startDate', 'endDate']);
export const CONTACTS = define(contacts, [
  'id',
  'accountId',
  'firstName',
  'lastName',
  'primaryEmail',
  'primaryPhone',
  'createdAt',
]);
export const ACCOUNT_CONTACTS = define(accountContacts, ['id', 'accountId', 'contactId', 'type', 'startDate', 'endDate']);
export const SANDBOX_VAULT = define(sandboxVault, [
  'ref',
  'brand',
  'last4',
  'expMonth',
  'expYear',
  'nameOnCard',
  'declinesCharges',
  'createdAt',
]);
export const PAYMENT_METHODS = define(paymentMethods, [
  'id',
  'accountId',
  'provider',
  'providerRef',
  'brand',
  'last4',
  'expMonth',
  'expYear',
  'isDefault',
  'createdAt',
]);
export const AUTOPAY_SCHEDULES = define(autopaySchedules, [
  'accountId',
  'paymentMethodId',
  'frequency',
  'amountType',
  'fixedAmount',
  'createdAt',
  'updatedAt',
]);
export const INVOICES = define(invoices, [
  'id',
  'accountId',
  'invoiceNumber',
  'state',
  'startDate',
  'endDate',
  'dueDate',
  'postedDate',
  'amount',
  'currency',
  'createdAt',
]);
export const RECEIVABLES = define(receivables, ['id', 'accountId', 'invoiceId', 'amount', 'currency', 'dueDate']);
export const CHARGES = define(charges, [
  'id',
  'accountId',
  'invoiceId',
  'category',
  'description',
  'quantity',
  'unitAmount',
  'amount',
  'currency',
  'startDate',
  'endDate',
  'taxCode',
  'usageClass',
]);
export const PAYMENTS = define(payments, [
  'id',
  'accountId',
  'date',
  'amount',
  'currency',
  'status',
  'type',
  'description',
  'paymentMethodId',
  'cardBrand',
  'cardLast4',
  'provider',
  'providerRef',
  'idempotencyKey',
  'failureMessage',
  'failureReason',
  'createdByUserId',
  'createdAt',
  'settledAt',
]);
export const PAYMENT_ASSIGNMENTS = define(paymentAssignments, ['id', 'paymentId', 'receivableId', 'amount']);
export const CDRS = define(cdrs, [
  'id',
  'invoiceId',
  'accountId',
  'kind',
  'startedAt',
  'fromNumber',
  'toNumber',
  'durationSeconds',
  'dataKb',
  'description',
  'amount',
  'usageClass',
]);

export type UserRow = RowOf<typeof USERS>;
export type SsoIdentityRow = RowOf<typeof SSO_IDENTITIES>;
export type AccountRow = RowOf<typeof ACCOUNTS>;
export type UserAccountRow = RowOf<typeof USER_ACCOUNTS>;
export type AddressRow = RowOf<typeof ADDRESSES>;
export type AccountAddressRow = RowOf<typeof ACCOUNT_ADDRESSES>;
export type ContactRow = RowOf<typeof CONTACTS>;
export type AccountContactRow = RowOf<typeof ACCOUNT_CONTACTS>;
export type VaultRow = RowOf<typeof SANDBOX_VAULT>;
export type PaymentMethodRow = RowOf<typeof PAYMENT_METHODS>;
export type AutopayRow = RowOf<typeof AUTOPAY_SCHEDULES>;
export type InvoiceRow = RowOf<typeof INVOICES>;
export type ReceivableRow = RowOf<typeof RECEIVABLES>;
export type ChargeRow = RowOf<typeof CHARGES>;
export type PaymentRow = RowOf<typeof PAYMENTS>;
export type AssignmentRow = RowOf<typeof PAYMENT_ASSIGNMENTS>;

/** Every table the generator writes (load.ts decides the order). */
export const SEED_TABLES: readonly TableDef[] = [
  USERS,
  SSO_IDENTITIES,
  ACCOUNTS,
  USER_ACCOUNTS,
  ADDRESSES,
  ACCOUNT_ADDRESSES,
  CONTACTS,
  ACCOUNT_CONTACTS,
  SANDBOX_VAULT,
  PAYMENT_METHODS,
  AUTOPAY_SCHEDULES,
  INVOICES,
  RECEIVABLES,
  CHARGES,
  PAYMENTS,
  PAYMENT_ASSIGNMENTS,
  CDRS,
];

/** Tables whose `id` comes from a sequence: the generator hands out their ids itself. */
export const SERIAL_TABLES = [
  'users',
  'sso_identities',
  'accounts',
  'addresses',
  'account_addresses',
  'contacts',
  'account_contacts',
  'payment_methods',
  'invoices',
  'receivables',
  'charges',
  'payments',
  'payment_assignments',
  'cdrs',
] as const;
export type SerialTable = (typeof SERIAL_TABLES)[number];
/** The next id to hand out, per table. */
export type IdCursor = Record<SerialTable, number>;

export const encodeTableRow = <D extends TableDef>(def: D, row: RowOf<D>): string =>
  encodeRow(
    def.keys.map((k) => {
      const value = (row as Readonly<Record<string, Cell | undefined>>)[k];
      if (value === undefined) throw new Error(`${def.name}.${k} is missing from a generated row`);
      return value;
    }),
  );
