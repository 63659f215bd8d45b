/**
 * Which province or state a postal code belongs to, so an address cannot pair a Toronto postal code
 * with British Columbia: taxes follow the province. Pure, no dependencies; the tables are small and
 * public, written once here.
 */

/**
 * Canada: the first letter of the forward sortation area (Canada Post, "Forward sortation areas";
 * also the first letter of every postal code). X is shared by the two territories of the north, so
 * there the whole area decides (Nunavut X0A–X0C; Northwest Territories X0E, X0G, X1A).
 */
export const CANADIAN_POSTAL_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  AB: ['T'],
  BC: ['V'],
  MB: ['R'],
  NB: ['E'],
  NL: ['A'],
  NS: ['B'],
  NT: ['X0E', 'X0G', 'X1A'],
  NU: ['X0A', 'X0B', 'X0C'],
  ON: ['K', 'L', 'M', 'N', 'P'],
  PE: ['C'],
  QC: ['G', 'H', 'J'],
  SK: ['S'],
  YT: ['Y'],
};

/**
 * United States: the ZIP Codes of each state, DC and the territories, from USPS's 3-digit ZIP Code
 * prefix matrix (Domestic Mail Manual L002). Three digits are a prefix, five a single ZIP Code, and
 * "a-b" a range of either. The military prefixes (090–099, 340, 962–966) belong to no state.
 */
const US_ZIP_PREFIXES: Readonly<Record<string, string>> = {
  AL: '350-369',
  AK: '995-999',
  AZ: '850-865',
  AR: '716-729',
  CA: '900-961',
  CO: '800-816',
  // Fishers Island, NY, is served from Connecticut's prefix.
  CT: '06000-06389 06391-06999',
  DE: '197-199',
  DC: '200 202-205 569',
  FL: '320-339 341-349',
  GA: '300-319 398-399',
  // 96799 is American Samoa's.
  HI: '96700-96798 968',
  ID: '832-838',
  IL: '600-629',
  IN: '460-479',
  IA: '500-528',
  KS: '660-679',
  KY: '400-427',
  LA: '700-714',
  ME: '039-049',
  MD: '206-219',
  MA: '010-027 055',
  MI: '480-499',
  MN: '550-567',
  MS: '386-397',
  MO: '630-658',
  MT: '590-599',
  NE: '680-693',
  NV: '889-898',
  NH: '030-038',
  NJ: '070-089',
  NM: '870-884',
  NY: '005 100-149 06390',
  NC: '270-289',
  ND: '580-588',
  OH: '430-459',
  OK: '730-731 734-749',
  OR: '970-979',
  PA: '150-196',
  RI: '028-029',
  SC: '290-299',
  SD: '570-577',
  TN: '370-385',
  TX: '733 750-799 885',
  UT: '840-847',
  VT: '050-054 056-059',
  VA: '201 220-246',
  WA: '980-994',
  WV: '247-268',
  WI: '530-549',
  WY: '820-831',
  AS: '96799',
  GU: '96910-96932',
  MP: '96950-96952',
  PR: '006-007 009',
  VI: '008',
};

/** The ZIP Codes a prefix, a ZIP Code or a range of them stands for, as numbers (first, last). */
const zipRange = (entry: string): [number, number] => {
  const [from, to = from] = entry.split('-') as [string, string?];
  const pad = (digits: string, fill: string) => Number(digits.padEnd(5, fill));
  return [pad(from, '0'), pad(to, '9')];
};

/** Each state's ZIP Codes as ranges of numbers (first, last). */
export const US_ZIP_RANGES: Readonly<Record<string, readonly [number, number][]>> = Object.fromEntries(
  Object.entries(US_ZIP_PREFIXES).map(([state, entries]) => [state, entries.split(' ').map(zipRange)]),
);

/**
 * Whether a postal code, as normalised (upper case, "M4J 2K7", "90210-1234"), can be of the province
 * or state. True where we keep no rule: other countries, and the US Minor Outlying Islands, which have
 * no ZIP Codes of their own.
 */
export const postalMatchesRegion = (country: string, region: string, postal: string): boolean => {
  if (country === 'CA') {
    const prefixes = CANADIAN_POSTAL_PREFIXES[region];
    return !prefixes || prefixes.some((prefix) => postal.startsWith(prefix));
  }
  if (country === 'US') {
    const ranges = US_ZIP_RANGES[region];
    const zip = Number(postal.slice(0, 5));
    return !ranges || ranges.some(([first, last]) => zip >= first && zip <= last);
  }
  return true;
};
