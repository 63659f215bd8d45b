import { describe, expect, it } from 'vitest';
import { CANADIAN_POSTAL_PREFIXES, postalMatchesRegion, US_ZIP_RANGES } from './postal-regions';
import { SUBDIVISIONS } from './regions';

// [province, a postal code of it, one of another province]
const CANADA: [string, string, string][] = [
  ['AB', 'T2P 1J9', 'V6B 1A1'],
  ['BC', 'V6B 1A1', 'M4J 2K7'],
  ['MB', 'R3C 4T3', 'S4P 3Y2'],
  ['NB', 'E1C 4M3', 'B3H 4R2'],
  ['NL', 'A1C 5M2', 'B3H 4R2'],
  ['NS', 'B3H 4R2', 'A1C 5M2'],
  ['NT', 'X1A 2L9', 'X0A 0H0'],
  ['NU', 'X0A 0H0', 'X1A 2L9'],
  ['ON', 'M4J 2K7', 'V6B 1A1'],
  ['PE', 'C1A 4P3', 'E1C 4M3'],
  ['QC', 'H2X 1Y4', 'K1A 0B1'],
  ['SK', 'S4P 3Y2', 'R3C 4T3'],
  ['YT', 'Y1A 2C6', 'X1A 2L9'],
];

// [state, DC or territory, a ZIP Code of it, one of elsewhere]
const UNITED_STATES: [string, string, string][] = [
  ['AL', '35203', '30303'],
  ['AK', '99501', '98101'],
  ['AZ', '85001', '87101'],
  ['AR', '72201', '70112'],
  ['CA', '90210', '97201'],
  ['CO', '80202', '82001'],
  ['CT', '06103', '06390'],
  ['DE', '19901', '20001'],
  ['DC', '20001', '20101'],
  ['FL', '33101', '34002'],
  ['GA', '30303', '35203'],
  ['HI', '96813', '96799'],
  ['ID', '83702', '84101'],
  ['IL', '60601', '46204'],
  ['IN', '46204', '60601'],
  ['IA', '50309', '53703'],
  ['KS', '66603', '68102'],
  ['KY', '40202', '43215'],
  ['LA', '70112', '72201'],
  ['ME', '04101', '03301'],
  ['MD', '21201', '20001'],
  ['MA', '02108', '02903'],
  ['MI', '48226', '43215'],
  ['MN', '55401', '53703'],
  ['MS', '39201', '37201'],
  ['MO', '63101', '66603'],
  ['MT', '59601', '58501'],
  ['NE', '68102', '66603'],
  ['NV', '89101', '84101'],
  ['NH', '03301', '04101'],
  ['NJ', '07102', '10001'],
  ['NM', '87101', '85001'],
  ['NY', '10001', '07102'],
  ['NC', '27601', '29201'],
  ['ND', '58501', '57501'],
  ['OH', '43215', '40202'],
  ['OK', '73102', '73301'],
  ['OR', '97201', '98101'],
  ['PA', '19103', '19901'],
  ['RI', '02903', '02108'],
  ['SC', '29201', '27601'],
  ['SD', '57501', '58501'],
  ['TN', '37201', '39201'],
  ['TX', '78701', '73102'],
  ['UT', '84101', '83702'],
  ['VT', '05602', '05501'],
  ['VA', '23219', '20001'],
  ['WA', '98101', '97201'],
  ['WV', '25301', '23219'],
  ['WI', '53703', '55401'],
  ['WY', '82001', '80202'],
  ['AS', '96799', '96813'],
  ['GU', '96910', '96950'],
  ['MP', '96950', '96910'],
  ['PR', '00901', '00801'],
  ['VI', '00801', '00901'],
];

describe('Canadian postal codes and provinces', () => {
  it.each(CANADA)('%s takes %s, not %s', (province, own, other) => {
    expect(postalMatchesRegion('CA', province, own)).toBe(true);
    expect(postalMatchesRegion('CA', province, other)).toBe(false);
  });

  it('covers every province and territory the form offers, each first letter in one province (X split by area)', () => {
    expect(Object.keys(CANADIAN_POSTAL_PREFIXES).sort()).toEqual(SUBDIVISIONS.CA!.map((s) => s.code).sort());
    expect(CANADA.map(([province]) => province).sort()).toEqual(SUBDIVISIONS.CA!.map((s) => s.code).sort());
    const prefixes = Object.values(CANADIAN_POSTAL_PREFIXES).flat();
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes.filter((a) => prefixes.some((b) => a !== b && a.startsWith(b)))).toEqual([]);
  });

  it.each([
    ['ON', ['K1A 0B1', 'L5B 1M2', 'M5V 2T6', 'N2L 3G1', 'P3E 2C6']],
    ['QC', ['G1R 4P5', 'H3B 4W8', 'J8X 3X7']],
  ])('%s takes every one of its letters', (province, postals) => {
    for (const postal of postals) expect(postalMatchesRegion('CA', province, postal)).toBe(true);
  });
});

describe('US ZIP Codes and states', () => {
  it.each(UNITED_STATES)('%s takes %s, not %s', (state, own, other) => {
    expect(postalMatchesRegion('US', state, own)).toBe(true);
    expect(postalMatchesRegion('US', state, other)).toBe(false);
  });

  it.each([
    ['NY', '00501'],
    ['NY', '06390'],
    ['MA', '05501'],
    ['DC', '56901'],
    ['VA', '20101'],
    ['GA', '39901'],
    ['TX', '73301'],
    ['TX', '88510'],
    ['NY', '10001-1234'],
  ])('%s takes %s, a ZIP Code apart from its main range', (state, zip) => {
    expect(postalMatchesRegion('US', state, zip)).toBe(true);
  });

  it('gives military ZIP Codes to no state', () => {
    for (const zip of ['09012', '34002', '96201']) {
      expect(Object.keys(US_ZIP_RANGES).filter((state) => postalMatchesRegion('US', state, zip))).toEqual([]);
    }
  });

  it('covers every state, DC and territory the form offers but the Minor Outlying Islands, which take any ZIP Code', () => {
    const offered = SUBDIVISIONS.US!.map((s) => s.code).filter((code) => code !== 'UM').sort();
    expect(Object.keys(US_ZIP_RANGES).sort()).toEqual(offered);
    expect(UNITED_STATES.map(([state]) => state).sort()).toEqual(offered);
    expect(['96898', '10001'].map((zip) => postalMatchesRegion('US', 'UM', zip))).toEqual([true, true]);
  });

  it('gives every ZIP Code to one state at most', () => {
    const ranges = Object.entries(US_ZIP_RANGES).flatMap(([state, list]) => list.map(([first, last]) => ({ state, first, last })));
    const overlaps = ranges.flatMap((a) => ranges.filter((b) => a !== b && a.first <= b.last && b.first <= a.last).map((b) => `${a.state}/${b.state}`));
    expect(overlaps).toEqual([]);
  });
});

describe('other countries', () => {
  it('keep no rule', () => {
    expect(postalMatchesRegion('GB', 'SCT', 'SW1A 1AA')).toBe(true);
    expect(postalMatchesRegion('AU', 'NSW', '3000')).toBe(true);
  });
});
