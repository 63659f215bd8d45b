/**
 * PUT /p/v1/accounts/{externalId} as pure rules: the body checked by the Account Information form's
 * rules (paths under `billingAddress.` and `billingContact.`), the account's own columns it sets, and
 * what differs from what is stored. The address and contact are written by the customer details plan.
 */
import { INVALID_DETAILS_MESSAGE, checkAddress, checkContact, type ContactFields, type FieldProblems } from '@portal/contract/billing-details';
import { CLOSED_ACCOUNT_DOCUMENT_DAYS, type AddressFields, type ProviderAccountValues } from '@portal/contract';
import { invalidFields } from '../../errors';
import { diffFields } from './customer-details-plan';

/** The billing address and contact of the body, normalised; every problem at once, by body path. */
export const checkProviderDetails = (body: ProviderAccountValues): { address: AddressFields; contact: ContactFields } => {
  const address = checkAddress(body.billingAddress);
  const contact = checkContact(body.billingContact, address.values.country);
  const fields: FieldProblems = {};
  for (const [field, message] of Object.entries(address.problems)) fields[`billingAddress.${field}`] = message;
  for (const [field, message] of Object.entries(contact.problems)) fields[`billingContact.${field}`] = message;
  if (Object.keys(fields).length > 0) throw invalidFields(INVALID_DETAILS_MESSAGE, fields);
  return { address: address.values, contact: contact.values };
};

/** The account columns the provider sets directly (language and invoice email go through the details plan). */
export interface ProviderColumns {
  name: string;
  type: string;
  currency: string;
  timeZone: string | null;
  parentId: bigint | null;
  invoiceName: string | null;
  planName: string | null;
  planLines: number | null;
  planVoiceMinutes: number | null;
  planTextMessages: number | null;
  planDataMb: number | null;
}

export const providerColumnsOf = (body: ProviderAccountValues, parentId: bigint | null): ProviderColumns => ({
  name: body.name,
  type: body.type,
  currency: body.currency,
  timeZone: body.timeZone,
  parentId,
  invoiceName: body.invoiceName,
  planName: body.plan?.name ?? null,
  planLines: body.plan?.lines ?? null,
  planVoiceMinutes: body.plan?.allowances.voiceMinutes ?? null,
  planTextMessages: body.plan?.allowances.textMessages ?? null,
  planDataMb: body.plan?.allowances.dataMb ?? null,
});

/** What changes in the account's own columns; null when nothing does (then nothing is written). */
export const diffProviderColumns = (stored: ProviderColumns, wanted: ProviderColumns) => diffFields(stored, wanted);

/** A currency change once invoices exist would re-price history: refused (409). */
export const currencyChangeRefused = (stored: ProviderColumns, wanted: ProviderColumns, hasInvoices: boolean): boolean =>
  hasInvoices && stored.currency !== wanted.currency;

/** Until when a closed account's people may still download its documents. */
export const documentsUntil = (closedAt: Date): Date => new Date(closedAt.getTime() + CLOSED_ACCOUNT_DOCUMENT_DAYS * 86_400_000);
