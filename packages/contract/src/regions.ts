/**
 * Countries (ISO 3166-1 alpha-2) and the subdivisions (ISO 3166-2) of the countries we bill in most.
 * Only codes are stored; names come from `Intl.DisplayNames` in the reader's language (no bytes of
 * name data shipped), and subdivision names from the small tables below. A separate entry point
 * (`@portal/contract/regions`) with no dependencies, so screens that only show names stay light.
 */

/** Every officially assigned ISO 3166-1 alpha-2 code (2026). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

/** A subdivision: the part of its ISO 3166-2 code after the country ("ON" of "CA-ON"), and its names. */
export interface Subdivision {
  code: string;
  name: string;
  /** The French name where it differs (Canada is bilingual). */
  nameFr?: string;
}

const list = (entries: string): Subdivision[] =>
  entries.split(';').map((entry) => {
    const [code, name, nameFr] = entry.split('|') as [string, string, string | undefined];
    return nameFr ? { code, name, nameFr } : { code, name };
  });

/** ISO 3166-2 subdivisions offered as a list; other countries take the province or state as free text. */
export const SUBDIVISIONS: Readonly<Record<string, readonly Subdivision[]>> = {
  CA: list(
    'AB|Alberta;BC|British Columbia|Colombie-Britannique;MB|Manitoba;NB|New Brunswick|Nouveau-Brunswick;' +
      'NL|Newfoundland and Labrador|Terre-Neuve-et-Labrador;NS|Nova Scotia|Nouvelle-Écosse;NT|Northwest Territories|Territoires du Nord-Ouest;' +
      'NU|Nunavut;ON|Ontario;PE|Prince Edward Island|Île-du-Prince-Édouard;QC|Quebec|Québec;SK|Saskatchewan;YT|Yukon',
  ),
  US: list(
    'AL|Alabama;AK|Alaska;AZ|Arizona;AR|Arkansas;CA|California|Californie;CO|Colorado;CT|Connecticut;DE|Delaware;' +
      'DC|District of Columbia|District de Columbia;FL|Florida|Floride;GA|Georgia|Géorgie;HI|Hawaii|Hawaï;ID|Idaho;IL|Illinois;IN|Indiana;IA|Iowa;' +
      'KS|Kansas;KY|Kentucky;LA|Louisiana|Louisiane;ME|Maine;MD|Maryland;MA|Massachusetts;MI|Michigan;MN|Minnesota;MS|Mississippi;' +
      'MO|Missouri;MT|Montana;NE|Nebraska;NV|Nevada;NH|New Hampshire;NJ|New Jersey;NM|New Mexico|Nouveau-Mexique;NY|New York;' +
      'NC|North Carolina|Caroline du Nord;ND|North Dakota|Dakota du Nord;OH|Ohio;OK|Oklahoma;OR|Oregon;PA|Pennsylvania|Pennsylvanie;' +
      'RI|Rhode Island;SC|South Carolina|Caroline du Sud;SD|South Dakota|Dakota du Sud;TN|Tennessee;TX|Texas;UT|Utah;VT|Vermont;' +
      'VA|Virginia|Virginie;WA|Washington;WV|West Virginia|Virginie-Occidentale;WI|Wisconsin;WY|Wyoming;AS|American Samoa|Samoa américaines;' +
      'GU|Guam;MP|Northern Mariana Islands|Îles Mariannes du Nord;PR|Puerto Rico|Porto Rico;UM|United States Minor Outlying Islands|Îles mineures éloignées des États-Unis;' +
      'VI|U.S. Virgin Islands|Îles Vierges des États-Unis',
  ),
  // The four countries of the United Kingdom (ISO 3166-2:GB "country" level).
  GB: list('ENG|England|Angleterre;NIR|Northern Ireland|Irlande du Nord;SCT|Scotland|Écosse;WLS|Wales|Pays de Galles'),
  // Metropolitan regions, Corsica and the overseas regions.
  FR: list(
    'ARA|Auvergne-Rhône-Alpes;BFC|Bourgogne-Franche-Comté;BRE|Brittany|Bretagne;CVL|Centre-Val de Loire;20R|Corsica|Corse;' +
      'GES|Grand Est;HDF|Hauts-de-France;IDF|Île-de-France;NOR|Normandy|Normandie;NAQ|Nouvelle-Aquitaine;OCC|Occitanie;' +
      'PDL|Pays de la Loire;PAC|Provence-Alpes-Côte d’Azur;971|Guadeloupe;972|Martinique;973|French Guiana|Guyane;974|La Réunion;976|Mayotte',
  ),
  DE: list(
    'BW|Baden-Württemberg|Bade-Wurtemberg;BY|Bavaria|Bavière;BE|Berlin;BB|Brandenburg|Brandebourg;HB|Bremen|Brême;HH|Hamburg|Hambourg;' +
      'HE|Hesse;MV|Mecklenburg-Western Pomerania|Mecklembourg-Poméranie-Occidentale;NI|Lower Saxony|Basse-Saxe;' +
      'NW|North Rhine-Westphalia|Rhénanie-du-Nord-Westphalie;RP|Rhineland-Palatinate|Rhénanie-Palatinat;SL|Saarland|Sarre;SN|Saxony|Saxe;' +
      'ST|Saxony-Anhalt|Saxe-Anhalt;SH|Schleswig-Holstein;TH|Thuringia|Thuringe',
  ),
  AU: list(
    'ACT|Australian Capital Territory|Territoire de la capitale australienne;NSW|New South Wales|Nouvelle-Galles du Sud;' +
      'NT|Northern Territory|Territoire du Nord;QLD|Queensland;SA|South Australia|Australie-Méridionale;TAS|Tasmania|Tasmanie;' +
      'VIC|Victoria;WA|Western Australia|Australie-Occidentale',
  ),
};

/** An ISO 3166-1 alpha-2 code of an assigned country. */
export const isCountryCode = (code: string): boolean => COUNTRIES.has(code);

/** The subdivisions to choose from for a country, or null when its province/state is free text. */
export const subdivisionsOf = (country: string | null | undefined): readonly Subdivision[] | null =>
  (country && SUBDIVISIONS[country]) || null;

/** A language's BCP 47 tag as the contract's language names it ('French' → 'fr'). */
export const localeOfLanguage = (language: string): 'en' | 'fr' => (language === 'French' || language.startsWith('fr') ? 'fr' : 'en');

// One per locale: building an Intl.DisplayNames costs about 30 µs (measured in Node 20; a phone takes several
// times that), and the country select names some 250 countries.
const regionNames = new Map<string, Intl.DisplayNames>();

/** The country's name in a locale ("Canada", "Allemagne"); unknown codes or free text are shown as stored. */
export const countryName = (code: string | null | undefined, locale: string): string => {
  if (!code) return '';
  if (!isCountryCode(code)) return code;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
};

/** The province or state's name in a locale ("Québec"); free text is shown as stored. */
export const subdivisionName = (country: string | null | undefined, code: string | null | undefined, locale: string): string => {
  if (!code) return '';
  const found = subdivisionsOf(country)?.find((s) => s.code === code);
  if (!found) return code;
  return localeOfLanguage(locale) === 'fr' ? (found.nameFr ?? found.name) : found.name;
};

/** Countries sorted by their name in a locale, for a select. */
export const countryOptions = (locale: string): { code: string; name: string }[] => {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
};

/** Countries of the North American Numbering Plan that bill with us, where "+1" numbers are national. */
const NANP_COUNTRIES = new Set(['CA', 'US']);

/**
 * How a stored E.164 phone is shown without the phone library (screens that only display it): the
 * national form "(416) 555-0134" for a +1 number at a Canadian or US address, else as stored.
 */
export const displayPhone = (phone: string, country: string | null | undefined): string => {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return nanp && (!country || NANP_COUNTRIES.has(country)) ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : phone;
};

/** IANA time zones by subdivision where a country spans several (the zone most of its people live in). */
const SUBDIVISION_TIME_ZONES: Readonly<Record<string, string>> = {
  'CA-AB': 'America/Edmonton', 'CA-BC': 'America/Vancouver', 'CA-MB': 'America/Winnipeg', 'CA-NB': 'America/Moncton',
  'CA-NL': 'America/St_Johns', 'CA-NS': 'America/Halifax', 'CA-NT': 'America/Yellowknife', 'CA-NU': 'America/Iqaluit',
  'CA-ON': 'America/Toronto', 'CA-PE': 'America/Halifax', 'CA-QC': 'America/Toronto', 'CA-SK': 'America/Regina',
  'CA-YT': 'America/Whitehorse',
  'US-AK': 'America/Anchorage', 'US-AL': 'America/Chicago', 'US-AR': 'America/Chicago', 'US-AZ': 'America/Phoenix',
  'US-CA': 'America/Los_Angeles', 'US-CO': 'America/Denver', 'US-HI': 'Pacific/Honolulu', 'US-IA': 'America/Chicago',
  'US-ID': 'America/Boise', 'US-IL': 'America/Chicago', 'US-KS': 'America/Chicago', 'US-LA': 'America/Chicago',
  'US-MN': 'America/Chicago', 'US-MO': 'America/Chicago', 'US-MS': 'America/Chicago', 'US-MT': 'America/Denver',
  'US-ND': 'America/Chicago', 'US-NE': 'America/Chicago', 'US-NM': 'America/Denver', 'US-NV': 'America/Los_Angeles',
  'US-OK': 'America/Chicago', 'US-OR': 'America/Los_Angeles', 'US-SD': 'America/Chicago', 'US-TX': 'America/Chicago',
  'US-UT': 'America/Denver', 'US-WA': 'America/Los_Angeles', 'US-WI': 'America/Chicago', 'US-WY': 'America/Denver',
  'US-GU': 'Pacific/Guam', 'US-PR': 'America/Puerto_Rico', 'US-VI': 'America/St_Thomas', 'US-AS': 'Pacific/Pago_Pago',
  'US-MP': 'Pacific/Saipan',
  'AU-ACT': 'Australia/Sydney', 'AU-NSW': 'Australia/Sydney', 'AU-NT': 'Australia/Darwin', 'AU-QLD': 'Australia/Brisbane',
  'AU-SA': 'Australia/Adelaide', 'AU-TAS': 'Australia/Hobart', 'AU-VIC': 'Australia/Melbourne', 'AU-WA': 'Australia/Perth',
};
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  CA: 'America/Toronto', US: 'America/New_York', GB: 'Europe/London', FR: 'Europe/Paris', DE: 'Europe/Berlin', AU: 'Australia/Sydney',
};
/** Where no billing address tells otherwise: the provider's own zone. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';

/**
 * The zone a billing address is in: the subdivision's zone, else the country's, else the provider's.
 */
export const timeZoneOfAddress = (address: { country: string | null; province: string | null } | null | undefined): string =>
  (address && (SUBDIVISION_TIME_ZONES[`${address.country}-${address.province}`] ?? COUNTRY_TIME_ZONES[address.country ?? ''])) ||
  DEFAULT_TIME_ZONE;

/**
 * The account's time zone, which decides its calendar days: the one the provider set on it (`PUT
 * /p/v1/accounts`, validated there), else its billing address's (`timeZoneOfAddress`).
 */
export const accountTimeZone = (
  timeZone: string | null | undefined,
  address: { country: string | null; province: string | null } | null | undefined,
): string => timeZone || timeZoneOfAddress(address);
