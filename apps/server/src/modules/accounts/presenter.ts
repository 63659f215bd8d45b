/** Rows → contract shapes for the account calls. Pure. */
import {
  addressFieldsOf,
  fromMinor,
  type Account,
  type AccountAddress,
  type AccountContact,
  type AccountDetailsResponse,
  type AccountListName,
  type AccountStatement,
  type Address,
  type Contact,
  type CurrencyCode,
  type InvoiceListItem,
  type StatementCredit,
  type StatementPayment,
} from '@portal/contract';
import { money } from '../invoices';
import { documentsUntil } from './provider-account-rules';
import type {
  AccountAddressRow,
  AccountContactRow,
  AccountNameRow,
  AccountRow,
  AddressRow,
  ContactRow,
  PeriodCreditRow,
  PeriodPaymentRow,
} from './repository';
import { statementBalances, type StatementSums } from './statement-rules';

const currency = (code: string): CurrencyCode => code.trim() as CurrencyCode;

export const presentAccountContact = (row: AccountContactRow): AccountContact => ({
  id: row.id,
  accountId: row.accountId,
  contactId: row.contactId,
  type: row.type,
  startDate: row.startDate.toISOString(),
  endDate: row.endDate ? row.endDate.toISOString() : null,
});

export const presentAccountAddress = (row: AccountAddressRow): AccountAddress => ({
  id: row.id,
  accountId: row.accountId,
  addressId: row.addressId,
  type: row.type,
  startDate: row.startDate.toISOString(),
  endDate: row.endDate ? row.endDate.toISOString() : null,
});

export const presentAddress = (row: AddressRow): Address => ({ id: row.id, ...addressFieldsOf(row) });

export const presentContact = (row: ContactRow): Contact => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  primaryEmail: row.primaryEmail,
  primaryPhone: row.primaryPhone,
});

export const presentAccount = (row: AccountRow, contactLinks: AccountContactRow[]): Account => ({
  id: row.id,
  customerNo: row.customerNo,
  name: row.name,
  invoiceName: row.invoiceName,
  invoiceEmailAddress: row.invoiceEmailAddress,
  invoicePrefix: row.invoicePrefix,
  type: row.type,
  currency: currency(row.currency),
  language: row.language,
  paymentMethod: row.paymentMethod,
  billDelivery: row.billDelivery,
  parentId: row.parentId,
  timeZone: row.timeZone,
  accountContacts: contactLinks.map(presentAccountContact),
});

export const presentAccountDetails = (
  account: AccountRow,
  rows: { addresses: AddressRow[]; accountAddresses: AccountAddressRow[]; contacts: ContactRow[]; accountContacts: AccountContactRow[] },
  paperBillsOffered: boolean,
): AccountDetailsResponse => ({
  account: presentAccount(account, rows.accountContacts),
  paperBillsOffered,
  addresses: rows.addresses.map(presentAddress),
  accountAddresses: rows.accountAddresses.map(presentAccountAddress),
  contacts: rows.contacts.map(presentContact),
  accountContacts: rows.accountContacts.map(presentAccountContact),
});

export const presentAccountName = (row: AccountNameRow): AccountListName => ({
  accountId: row.accountId,
  listName: row.listName,
  parentId: row.parentId,
  currency: currency(row.currency),
  closedAt: row.closedAt?.toISOString() ?? null,
  documentsUntil: row.closedAt ? documentsUntil(row.closedAt).toISOString() : null,
});

/**
 * The names page, with the account the caller asked to see included: appended when the page does
 * not already hold it (its place in the order may be on another page).
 */
export const withRequestedAccount = (page: AccountNameRow[], requested: AccountNameRow | undefined): AccountNameRow[] =>
  requested && !page.some((row) => row.accountId === requested.accountId) ? [...page, requested] : page;

export const presentStatementPayment = (row: PeriodPaymentRow): StatementPayment => ({
  id: row.id,
  date: row.date.toISOString(),
  amount: money(row.amount),
  currency: currency(row.currency),
  type: row.type,
  description: row.description,
});

export const presentStatementCredit = (row: PeriodCreditRow): StatementCredit => ({
  id: row.id,
  date: row.date.toISOString(),
  amount: money(row.amount),
  currency: currency(row.currency),
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  description: row.description,
});

/**
 * A statement from the ledger rule (balance = successful payments + credits − posted invoices;
 * negative = owing): closing = opening + paid + credited − invoiced in the period, in minor units.
 */
export const presentStatement = (input: {
  accountId: bigint;
  startDate: string;
  endDate: string;
  currency: string;
  before: StatementSums;
  invoices: InvoiceListItem[];
  invoiceAmounts: string[];
  payments: PeriodPaymentRow[];
  credits: PeriodCreditRow[];
}): AccountStatement => {
  const balances = statementBalances(input.before, {
    invoices: input.invoiceAmounts,
    payments: input.payments.map((p) => p.amount),
    credits: input.credits.map((c) => c.amount),
  });
  return {
    accountId: input.accountId,
    startDate: input.startDate,
    endDate: input.endDate,
    currency: currency(input.currency),
    openingBalance: fromMinor(balances.opening),
    invoices: input.invoices,
    payments: input.payments.map(presentStatementPayment),
    credits: input.credits.map(presentStatementCredit),
    totalInvoiced: fromMinor(balances.invoiced),
    totalPaid: fromMinor(balances.paid),
    totalCredited: fromMinor(balances.credited),
    closingBalance: fromMinor(balances.closing),
  };
};
