/**
 * The one rule set of billing addresses and contacts, used by the server (400 with `fields`) and by
 * the Account Information form. Its own entry point (`@portal/contract/billing-details`) because
 * the phone library's metadata must not reach screens that never edit an address (the login page).
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { EMAIL_MESSAGE, LanguageSchema, addressShape, eachAddressField, type AddressFields } from './accounts';
import { postalMatchesRegion } from './postal-regions';
import { isCountryCode, subdivisionsOf } from './regions';
import { trimmedText } from './text';
import { builtOnFirstUse } from './lazy-schema';

export const BILLING_MESSAGES = {
  required: 'This field is required.',
  country: 'Please choose a country from the list.',
  province: 'Please choose a province or state from the list.',
  postal: 'Please enter a valid postal or zip code.',
  postalRegion: 'This postal or zip code is not in the province or state you chose.',
  phone: 'Please enter a valid phone number.',
  email: EMAIL_MESSAGE,
} as const;

/** The sentence of a 400 whose `fields` say what is wrong with each field. */
export const INVALID_DETAILS_MESSAGE = 'Some billing details are not valid; correct the fields listed.';

/** A postal code in its country's written form: upper case, single spaces (CA "K1A 0B1"), or null when it is not one. */
export const normalizePostal = (postal: string, country: string): string | null => {
  let value = postal.trim().toUpperCase().replace(/\s+/g, ' ');
  // Canada and the UK write the last three characters apart; people often type them run together.
  if ((country === 'CA' || country === 'GB') && !value.includes(' ') && value.length > 3) {
    value = `${value.slice(0, -3)} ${value.slice(-3)}`;
  }
  if (!postcodeValidatorExistsForCountry(country)) return value;
  return postcodeValidator(value, country) ? value : null;
};

/** Countries whose addresses need a postal code. */
export const needsPostal = (country: string): boolean => postcodeValidatorExistsForCountry(country);

/** A phone number as E.164 ("+14165550134"), read in the address's country when typed without "+"; null when not a number. */
export const normalizePhone = (phone: string, country: string | null | undefined): string | null => {
  const defaultCountry = country && isCountryCode(country) ? (country as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(phone.trim(), defaultCountry ? { defaultCountry } : undefined);
  return parsed?.isValid() ? parsed.number : null;
};

/** How a stored number is shown: the national form in its own country ("(416) 555-0134"), else international. */
export const formatPhone = (phone: string, country?: string | null): string => {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  return !country || parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
};

export interface ContactFields {
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
}

export type { AddressFields };

/** Field name → message of what is wrong with it. */
export type FieldProblems = Record<string, string>;

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';
const trimmedOrNull = (value: string | null): string | null => (blank(value) ? null : value!.trim());

/**
 * An address checked and normalised: street name, city and country required; the country an ISO
 * code; the province one of the country's subdivisions when it has a list (else free text); the
 * postal code in the country's format when it has one, and in Canada and the US one of the province's
 * or state's (`postalMatchesRegion`).
 */
export const checkAddress = (address: AddressFields): { values: AddressFields; problems: FieldProblems } => {
  const problems: FieldProblems = {};
  const values = eachAddressField((name) => trimmedOrNull(address[name]));
  values.country = values.country?.toUpperCase() ?? null;
  if (!values.streetName) problems.streetName = BILLING_MESSAGES.required;
  if (!values.city) problems.city = BILLING_MESSAGES.required;
  const country = values.country;
  if (!country) problems.country = BILLING_MESSAGES.required;
  else if (!isCountryCode(country)) problems.country = BILLING_MESSAGES.country;
  else {
    const subdivisions = subdivisionsOf(country);
    if (subdivisions) {
      const code = values.province?.toUpperCase() ?? null;
      if (!code) problems.province = BILLING_MESSAGES.required;
      else if (!subdivisions.some((s) => s.code === code)) problems.province = BILLING_MESSAGES.province;
      else values.province = code;
    }
    if (values.postal) {
      const postal = normalizePostal(values.postal, country);
      if (postal) values.postal = postal;
      else problems.postal = BILLING_MESSAGES.postal;
    } else if (needsPostal(country)) problems.postal = BILLING_MESSAGES.required;
    // Taxes follow the province: its postal codes only (checked once both are valid).
    if (subdivisions && values.province && values.postal && !problems.province && !problems.postal && !postalMatchesRegion(country, values.province, values.postal)) {
      problems.postal = BILLING_MESSAGES.postalRegion;
    }
  }
  return { values, problems };
};

/** A contact checked and normalised: names required, email valid, phone stored E.164 (read in `country` when national). */
export const checkContact = (
  contact: ContactFields,
  country: string | null,
): { values: ContactFields; problems: FieldProblems } => {
  const problems: FieldProblems = {};
  const values: ContactFields = {
    firstName: trimmedOrNull(contact.firstName),
    lastName: trimmedOrNull(contact.lastName),
    primaryEmail: trimmedOrNull(contact.primaryEmail),
    primaryPhone: trimmedOrNull(contact.primaryPhone),
  };
  if (!values.firstName) problems.firstName = BILLING_MESSAGES.required;
  if (!values.lastName) problems.lastName = BILLING_MESSAGES.required;
  if (values.primaryEmail && !z.email().safeParse(values.primaryEmail).success) problems.primaryEmail = BILLING_MESSAGES.email;
  if (values.primaryPhone) {
    const phone = normalizePhone(values.primaryPhone, country);
    if (phone) values.primaryPhone = phone;
    else problems.primaryPhone = BILLING_MESSAGES.phone;
  }
  return { values, problems };
};

/** The edit form's name of each contact field (the address fields share their names). */
export const CONTACT_FORM_FIELDS: Record<keyof ContactFields, string> = {
  firstName: 'contactFirstName',
  lastName: 'contactLastName',
  primaryEmail: 'contactEmail',
  primaryPhone: 'contactPhone',
};

const email = builtOnFirstUse(() => z.union([z.literal(''), z.email(BILLING_MESSAGES.email).max(254)]));

/** The Account Information edit form, checked with the same rules as the server. */
export const AccountEditFormSchema = builtOnFirstUse(() =>
  z
    .object({
      language: LanguageSchema,
      invoiceEmail: email,
      contactFirstName: trimmedText(80),
      contactLastName: trimmedText(80),
      contactEmail: email,
      contactPhone: trimmedText(40),
      ...addressShape(trimmedText),
    })
    .superRefine((form, ctx) => {
      const address = checkAddress(form);
      const contact = checkContact(
        {
          firstName: form.contactFirstName,
          lastName: form.contactLastName,
          primaryEmail: form.contactEmail,
          primaryPhone: form.contactPhone,
        },
        address.values.country,
      );
      const problems: FieldProblems = { ...address.problems };
      for (const [field, message] of Object.entries(contact.problems))
        problems[CONTACT_FORM_FIELDS[field as keyof ContactFields]] = message;
      for (const [field, message] of Object.entries(problems)) {
        // The schema's own email check already reported this field.
        if (field === 'contactEmail') continue;
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
    }),
);
export type AccountEditForm = z.infer<typeof AccountEditFormSchema>;
