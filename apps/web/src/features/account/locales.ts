import { defineLocales } from '@/lib/i18n/i18n';

/** Account Information texts (namespace `account`); English texts from the spec are verbatim. */
export const en = {
  title: 'Account Information',
  intro: 'Your account details, billing contact and billing address.',
  loading: 'Loading account details...',
  loadError: 'Failed to load account details. Please try again later.',
  chooseAccountTitle: 'Choose an account',
  chooseAccountText: 'Use the account selector at the top of the page to find the account you want to look at.',
  edit: 'Edit Profile',
  cancel: 'Cancel',
  save: 'Save Changes',
  saving: 'Saving...',
  choose: 'Choose…',
  readOnly: '(read-only)',
  editingNotice: 'You are editing your account information. Account number, name and type can only be changed by support.',
  sections: {
    account: 'Account Details',
    contact: 'Billing Contact',
    address: 'Billing Address',
  },
  fields: {
    accountNumber: 'Account Number',
    accountName: 'Account Name',
    accountType: 'Account Type',
    language: 'Language Preference',
    invoiceEmail: 'Invoice Email Address',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    phone: 'Phone Number',
    streetNumber: 'Street Number',
    streetName: 'Street Name',
    city: 'City',
    province: 'Province / State',
    postal: 'Postal / Zip Code',
    country: 'Country',
  },
  languages: {
    English: 'English',
    French: 'French',
  },
  saveFailed: 'Failed to update account details. Please try again.',
  saveError: 'An error occurred while updating your account details.',
  saved: 'Account details updated successfully!',
  errors: {
    required: 'This field is required.',
    country: 'Please choose a country from the list.',
    province: 'Please choose a province or state from the list.',
    email: 'Please enter a valid email address.',
    phone: 'Please enter a valid phone number.',
    postal: 'Please enter a valid postal or zip code.',
    tooLong: 'Must be at most {{max}} characters',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const accountLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
