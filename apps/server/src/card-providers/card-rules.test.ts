import { describe, expect, it } from 'vitest';
import { brandName } from './card-rules';

describe('brandName', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['American Express', 'American Express'],
    ['discover', 'Discover'],
    ['diners_club', 'Diners Club'],
    ['', 'Card'],
  ])('%s → %s', (brand, name) => {
    expect(brandName(brand)).toBe(name);
  });
});
