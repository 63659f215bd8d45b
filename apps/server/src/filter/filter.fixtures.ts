/** Allow-lists the filter tests share (test support only; routes define their own). */
import { sql } from 'drizzle-orm';
import { accounts, charges, invoices, paymentMethods } from '../db/schema';
import type { FilterFields } from './fields';

export const invoiceFields = {
  Id: { column: invoices.id, type: 'id' },
  AccountId: { column: invoices.accountId, type: 'id' },
  InvoiceNumber: { column: invoices.invoiceNumber, type: 'string' },
  State: { column: invoices.state, type: 'string', operators: ['==', '!='] },
  StartDate: { column: invoices.startDate, type: 'date' },
  EndDate: { column: invoices.endDate, type: 'date' },
  PostedDate: { column: invoices.postedDate, type: 'datetime' },
  Amount: { column: invoices.amount, type: 'money' },
  Currency: { column: invoices.currency, type: 'string', sortable: false },
  CreatedAt: { column: invoices.createdAt, type: 'datetime', operators: [] },
} satisfies FilterFields;

export const accountFields = {
  Id: { column: accounts.id, type: 'id' },
  ListName: { column: sql`coalesce(${accounts.invoiceName}, ${accounts.name})`, type: 'string' },
  InvoiceName: { column: accounts.invoiceName, type: 'string' },
  ParentId: { column: accounts.parentId, type: 'id' },
} satisfies FilterFields;

export const paymentMethodFields = {
  Id: { column: paymentMethods.id, type: 'id' },
  IsDefault: { column: paymentMethods.isDefault, type: 'boolean' },
  Brand: { column: paymentMethods.brand, type: 'string' },
  ExpYear: { column: paymentMethods.expYear, type: 'integer' },
  Expiry: { column: sql`${paymentMethods.expYear} * 100 + ${paymentMethods.expMonth}`, type: 'integer' },
} satisfies FilterFields;

export const chargeFields = {
  Quantity: { column: charges.quantity, type: 'number' },
  UnitAmount: { column: charges.unitAmount, type: 'number' },
} satisfies FilterFields;

/** Every kind of field in one list, for compile tests that only render SQL. */
export const mixedFields = {
  ...invoiceFields,
  ...paymentMethodFields,
  ...chargeFields,
  Id: invoiceFields.Id,
  ListName: accountFields.ListName,
} satisfies FilterFields;
