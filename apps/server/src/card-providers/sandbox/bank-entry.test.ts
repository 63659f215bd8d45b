import { describe, expect, it } from 'vitest';
import { bankFingerprint, routingNumberValid, validateBankEntry, type BankEntryForm } from './bank-entry';
import { BANK_TEXTS } from './bank-texts';

const KEY = Buffer.alloc(32, 7);
const form = (overrides: Partial<BankEntryForm> = {}): BankEntryForm => ({
  transit: '11000',
  institution: '000',
  routing: '',
  accountNumber: '000123456789',
  accountHolder: 'Pat Lee',
  ...overrides,
});
const en = BANK_TEXTS.en.errors;

describe('routingNumberValid (the ABA checksum)', () => {
  it.each([
    ['110000000', true], // Stripe's test bank
    ['021000021', true], // JPMorgan Chase
    ['011401533', true],
    ['110000001', false],
    ['021000012', false],
    ['12345678', false],
    ['1234567890', false],
    ['11000000a', false],
  ])('%s → %s', (routing, valid) => {
    expect(routingNumberValid(routing)).toBe(valid);
  });
});

describe('validateBankEntry', () => {
  it.each([
    ['a PAD account with spaces and dashes', 'acss_debit', form({ transit: '110 00', accountNumber: '000-123-456-789' }), {}],
    ['a 5-digit transit', 'acss_debit', form({ transit: '1100' }), { transit: en.transitFormat }],
    ['no transit', 'acss_debit', form({ transit: ' ' }), { transit: en.transitRequired }],
    ['a 3-digit institution', 'acss_debit', form({ institution: '0001' }), { institution: en.institutionFormat }],
    ['a PAD account of 7 to 12 digits', 'acss_debit', form({ accountNumber: '123456' }), { accountNumber: en.padAccountFormat }],
    ['a PAD account not longer than 12', 'acss_debit', form({ accountNumber: '1234567890123' }), { accountNumber: en.padAccountFormat }],
    ['the holder', 'acss_debit', form({ accountHolder: '' }), { accountHolder: en.holderRequired }],
    ['an ACH routing number', 'us_bank_account', form({ routing: '' }), { routing: en.routingRequired }],
    ['an ACH routing number of 9 digits', 'us_bank_account', form({ routing: '11000000' }), { routing: en.routingFormat }],
    ['an ACH routing number with its checksum', 'us_bank_account', form({ routing: '110000001' }), { routing: en.routingInvalid }],
    ['an ACH account of 4 to 17 digits', 'us_bank_account', form({ routing: '110000000', accountNumber: '123' }), { accountNumber: en.achAccountFormat }],
    ['a valid ACH account', 'us_bank_account', form({ routing: '110000000' }), {}],
  ] as const)('%s', (_name, scheme, entry, errors) => {
    const result = validateBankEntry(scheme, entry);
    expect(result.ok ? {} : result.errors).toEqual(errors);
  });

  it.each([
    ['000123456789', null],
    ['000222222227', 'bank_insufficient_funds'],
    ['000111111113', 'bank_account_closed'],
    ['987654321', null],
  ])('test account %s: its debits are returned for %s', (accountNumber, returnReason) => {
    const result = validateBankEntry('acss_debit', form({ accountNumber }));
    expect(result.ok && result.account.returnReason).toBe(returnReason);
  });

  it('keeps display data only: the bank by institution, the last four digits, institution-transit', () => {
    const result = validateBankEntry('acss_debit', form({ institution: '004', transit: '12345' }));
    expect(result).toEqual({
      ok: true,
      account: { scheme: 'acss_debit', bankName: 'TD Canada Trust', last4: '6789', routing: '004-12345', accountHolder: 'Pat Lee', returnReason: null },
    });
  });

  it('words its refusals in French too', () => {
    const result = validateBankEntry('us_bank_account', form({ routing: '110000001' }), BANK_TEXTS.fr.errors);
    expect(result.ok ? null : result.errors.routing).toBe('Ce numéro d’acheminement n’est pas valide : veuillez le vérifier.');
  });
});

describe('bankFingerprint', () => {
  it('is the same for the same account however typed, and differs by account and by key', () => {
    const a = bankFingerprint('acss_debit', '00011000', '000123456789', KEY);
    expect(bankFingerprint('acss_debit', '000-11000', '000 123 456 789', KEY)).toBe(a);
    expect(bankFingerprint('acss_debit', '00011000', '000123456780', KEY)).not.toBe(a);
    expect(bankFingerprint('acss_debit', '00011000', '000123456789', Buffer.alloc(32, 8))).not.toBe(a);
    expect(a).not.toContain('123456789');
  });
});
