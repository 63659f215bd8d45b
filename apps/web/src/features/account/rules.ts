import type { Account, AccountDetailsResponse, Address, Contact } from '@portal/contract';
import { countryName, subdivisionName } from '@portal/contract/regions';

/**
 * Pure selection rules of account details, shared by the dashboard and the Account Information
 * screen. `now` is passed in so tests (and screens showing a fixed date) are deterministic.
 */

interface DatedLink {
  startDate: string;
  endDate: string | null;
}

/** A dated link is current when startDate <= now <= endDate; a null endDate is open-ended. */
export const isCurrentLink = (link: DatedLink, now: Date = new Date()): boolean => {
  const start = Date.parse(link.startDate);
  if (Number.isNaN(start) || start > now.getTime()) return false;
  if (link.endDate === null) return true;
  const end = Date.parse(link.endDate);
  return !Number.isNaN(end) && now.getTime() <= end;
};

/** Of several current links, the one that started last wins (the most recent change). */
const latestCurrent = <L extends DatedLink>(links: readonly L[], now: Date): L | null =>
  links.filter((l) => isCurrentLink(l, now)).sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))[0] ?? null;

/** The current Billing address, or null. */
export const currentBillingAddress = (
  details: Pick<AccountDetailsResponse, 'accountAddresses' | 'addresses'>,
  now: Date = new Date(),
): Address | null => {
  const link = latestCurrent(
    details.accountAddresses.filter((l) => l.type === 'Billing'),
    now,
  );
  return link ? (details.addresses.find((a) => a.id === link.addressId) ?? null) : null;
};

/** The billing contact: type Billing, period covering now, or null. */
export const currentBillingContact = (
  details: Pick<AccountDetailsResponse, 'accountContacts' | 'contacts'>,
  now: Date = new Date(),
): Contact | null => {
  const link = latestCurrent(
    details.accountContacts.filter((l) => l.type === 'Billing'),
    now,
  );
  return link ? (details.contacts.find((c) => c.id === link.contactId) ?? null) : null;
};

/** Invoice name, or the account name when there is none. */
/** The account type in the reader's words (`accountTypes.*`); a type the portal has no words for shows as it comes. */
export const accountTypeLabel = (type: string, t: (key: string) => string): string =>
  type === 'Residential' || type === 'Business' ? t(`accountTypes.${type}`) : type;

export const accountDisplayName = (account: Pick<Account, 'invoiceName' | 'name'>): string =>
  account.invoiceName?.trim() || account.name;

/** "12 Main Street", "Toronto, Ontario M5V 2T6", "Canada": non-empty lines of an address, names in the locale. */
export const addressLines = (address: Address, locale: string): string[] => {
  const street = [address.streetNumber, address.streetName].filter((p) => p?.trim()).join(' ');
  const province = subdivisionName(address.country, address.province, locale);
  const cityLine = [address.city, [province, address.postal].filter((p) => p?.trim()).join(' ')]
    .filter((p) => p?.trim())
    .join(', ');
  return [street, cityLine, countryName(address.country, locale)].map((l) => l.trim()).filter(Boolean);
};

/** "First Last", or null when the contact has no name. */
export const contactName = (contact: Pick<Contact, 'firstName' | 'lastName'>): string | null =>
  [contact.firstName, contact.lastName].filter((p) => p?.trim()).join(' ') || null;
