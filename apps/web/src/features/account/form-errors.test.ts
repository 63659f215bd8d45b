import { describe, expect, it } from 'vitest';
import { editErrorKey, formFieldErrors } from './form-errors';

describe('editErrorKey', () => {
  it.each([
    ['Please enter a valid email address.', { key: 'errors.email' }],
    ['Please enter a valid phone number.', { key: 'errors.phone' }],
    ['Please enter a valid postal or zip code.', { key: 'errors.postal' }],
    ['This postal or zip code is not in the province or state you chose.', { key: 'errors.postalRegion' }],
    ['This field is required.', { key: 'errors.required' }],
    ['Please choose a country from the list.', { key: 'errors.country' }],
    ['Please choose a province or state from the list.', { key: 'errors.province' }],
    ['Must be at most 80 characters', { key: 'errors.tooLong', values: { max: 80 } }],
    ['Something else', null],
  ])('%s', (message, expected) => {
    expect(editErrorKey(message)).toEqual(expected);
  });
});

describe('formFieldErrors', () => {
  it('puts the server’s fields on the form’s fields', () => {
    expect(
      formFieldErrors({
        'addresses.0.postal': 'P',
        'addresses.0.country': 'C',
        'contacts.0.firstName': 'F',
        'contacts.0.primaryPhone': 'T',
        invoiceEmail: 'E',
        'accountAddresses.0.type': 'ignored',
      }),
    ).toEqual([
      ['postal', 'P'],
      ['country', 'C'],
      ['contactFirstName', 'F'],
      ['contactPhone', 'T'],
      ['invoiceEmail', 'E'],
    ]);
  });
});
