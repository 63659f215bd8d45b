import { eachAddressField, type AccountDetailsResponse, type AccountUpdateModel } from '@portal/contract';
import type { AccountEditForm } from '@portal/contract/billing-details';
import { displayPhone } from '@portal/contract/regions';
import { currentBillingAddress, currentBillingContact } from './rules';

/**
 * Pure rules of the Account Information edit mode ("Account update model").
 * The screen only renders what these return; `now` is passed in so tests are deterministic.
 */

const text = (value: string | null | undefined): string => value ?? '';
/** Blank inputs are stored as "no value" (the screens show N/A for both). */
const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The edit form's starting values: the account's language and invoice email, its current billing contact and address. */
export const toEditForm = (details: AccountDetailsResponse, now: Date): AccountEditForm => {
  const contact = currentBillingContact(details, now);
  const address = currentBillingAddress(details, now);
  return {
    language: details.account.language,
    invoiceEmail: text(details.account.invoiceEmailAddress),
    contactFirstName: text(contact?.firstName),
    contactLastName: text(contact?.lastName),
    contactEmail: text(contact?.primaryEmail),
    // Stored E.164; the customer reads and edits it in the national form of the address's country.
    contactPhone: contact?.primaryPhone ? displayPhone(contact.primaryPhone, address?.country) : '',
    ...eachAddressField((name) => text(address?.[name])),
  };
};

const hasAny = (values: Record<string, string | null>): boolean => Object.values(values).some((v) => v !== null);

/**
 * PUT Account/customerdetails body from the edit form. The current billing contact and address are sent with
 * their own ids: the service changes them in place, or — when they are already part of the account's dated
 * history — as a new row whose links start now (it keeps the history). Without a current one, a new row
 * (id 0) is sent with a Billing link to it (contactId/addressId 0 = "the new row"); nothing is created for an
 * all-blank section. Other contacts, addresses and the payment method are left alone.
 */
export const buildAccountUpdateModel = (
  details: AccountDetailsResponse,
  form: AccountEditForm,
  now: Date,
): AccountUpdateModel => {
  const accountId = details.account.id;
  const contact = currentBillingContact(details, now);
  const address = currentBillingAddress(details, now);
  const contactValues = {
    firstName: orNull(form.contactFirstName),
    lastName: orNull(form.contactLastName),
    primaryEmail: orNull(form.contactEmail),
    primaryPhone: orNull(form.contactPhone),
  };
  const addressValues = eachAddressField((name) => orNull(form[name]));

  const model: AccountUpdateModel = {
    accountId,
    language: form.language,
    invoiceEmail: orNull(form.invoiceEmail),
    contacts: [],
    accountContacts: [],
    addresses: [],
    accountAddresses: [],
  };
  if (contact) {
    model.contacts = [{ id: contact.id, ...contactValues }];
  } else if (hasAny(contactValues)) {
    model.contacts = [{ id: 0n, ...contactValues }];
    model.accountContacts = [{ id: 0n, accountId, contactId: 0n, type: 'Billing', endDate: null }];
  }
  if (address) {
    model.addresses = [{ id: address.id, ...addressValues }];
  } else if (hasAny(addressValues)) {
    model.addresses = [{ id: 0n, ...addressValues }];
    model.accountAddresses = [{ id: 0n, accountId, addressId: 0n, type: 'Billing', endDate: null }];
  }
  return model;
};
