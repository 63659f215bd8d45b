import { BILLING_MESSAGES, CONTACT_FORM_FIELDS, type AccountEditForm, type ContactFields } from '@portal/contract/billing-details';

/**
 * Field errors of the edit form, from its own check or the server's `fields`. Apart from edit-rules.ts so
 * that only the edit form (loaded when editing starts) brings the contract's billing-details rules.
 */

const MESSAGE_KEYS: Record<string, string> = {
  [BILLING_MESSAGES.required]: 'errors.required',
  [BILLING_MESSAGES.country]: 'errors.country',
  [BILLING_MESSAGES.province]: 'errors.province',
  [BILLING_MESSAGES.postal]: 'errors.postal',
  [BILLING_MESSAGES.postalRegion]: 'errors.postalRegion',
  [BILLING_MESSAGES.phone]: 'errors.phone',
  [BILLING_MESSAGES.email]: 'errors.email',
};

/**
 * The catalog key of a contract validation message, so field errors show in the user's language; messages
 * the catalog does not know are shown as they are.
 */
export const editErrorKey = (message: string): { key: string; values?: Record<string, number> } | null => {
  const key = MESSAGE_KEYS[message];
  if (key) return { key };
  const tooLong = /^Must be at most (\d+) characters$/.exec(message);
  if (tooLong) return { key: 'errors.tooLong', values: { max: Number(tooLong[1]) } };
  return null;
};

const MODEL_FIELDS: Record<string, keyof AccountEditForm> = { invoiceEmail: 'invoiceEmail', language: 'language' };

/**
 * The server's `fields` of a refused save ("addresses.0.postal", "contacts.0.primaryPhone") as the edit
 * form's fields, so each message shows beside the field it is about (the form sends one address and one contact).
 */
export const formFieldErrors = (fields: Record<string, string>): [keyof AccountEditForm, string][] =>
  Object.entries(fields).flatMap(([path, message]): [keyof AccountEditForm, string][] => {
    const [kind, , field] = path.split('.');
    if (kind === 'addresses' && field) return [[field as keyof AccountEditForm, message]];
    if (kind === 'contacts' && field && field in CONTACT_FORM_FIELDS) {
      return [[CONTACT_FORM_FIELDS[field as keyof ContactFields] as keyof AccountEditForm, message]];
    }
    const own = MODEL_FIELDS[path];
    return own ? [[own, message]] : [];
  });
