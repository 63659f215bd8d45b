/**
 * What the demo telecom sells and where its customers live: places (with real area codes and
 * postal districts), plans, usage rates, one-time charges and the names people and businesses
 * have. Phone numbers are the fictional 555-01XX range of each area code, shown as E.164
 * ('+14165550134'); UK numbers are Ofcom's drama range. Nothing here reaches a real person.
 */
import type { Language } from '@portal/contract';
import { PLANS, type Country, type Currency, type Plan } from '../../lib/rating';

// Plans and usage rates are rating rules the server also applies (the This period estimate).
export { PLANS, USAGE_CLASS_COUNT, USAGE_RATES, UsageClass, type Country, type Currency, type Plan } from '../../lib/rating';


export interface Place {
  city: string;
  /** Province or state code, as the billing address stores it. */
  province: string;
  country: Country;
  areaCodes: readonly string[];
  /** Canadian forward sortation areas or US ZIP codes of the city. */
  postalPrefixes: readonly string[];
  /** Streets named in French (Quebec). */
  frenchStreets?: true;
}

export const PLACES: readonly Place[] = [
  {
    city: 'Toronto',
    province: 'ON',
    country: 'CA',
    areaCodes: ['416', '647'],
    postalPrefixes: ['M4J', 'M5V', 'M6G', 'M4C', 'M5R'],
  },
  {
    city: 'Ottawa',
    province: 'ON',
    country: 'CA',
    areaCodes: ['613'],
    postalPrefixes: ['K1P', 'K1S', 'K2P', 'K1N'],
  },
  {
    city: 'Mississauga',
    province: 'ON',
    country: 'CA',
    areaCodes: ['905'],
    postalPrefixes: ['L5B', 'L5M', 'L4Z'],
  },
  { city: 'London', province: 'ON', country: 'CA', areaCodes: ['519'], postalPrefixes: ['N6A', 'N6B'] },
  {
    city: 'Montréal',
    province: 'QC',
    country: 'CA',
    areaCodes: ['514', '438'],
    postalPrefixes: ['H2J', 'H2T', 'H3H', 'H4A'],
    frenchStreets: true,
  },
  {
    city: 'Québec',
    province: 'QC',
    country: 'CA',
    areaCodes: ['418'],
    postalPrefixes: ['G1R', 'G1S'],
    frenchStreets: true,
  },
  {
    city: 'Laval',
    province: 'QC',
    country: 'CA',
    areaCodes: ['450'],
    postalPrefixes: ['H7N', 'H7T'],
    frenchStreets: true,
  },
  {
    city: 'Gatineau',
    province: 'QC',
    country: 'CA',
    areaCodes: ['819'],
    postalPrefixes: ['J8X', 'J8Y'],
    frenchStreets: true,
  },
  {
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    areaCodes: ['604', '778'],
    postalPrefixes: ['V6B', 'V6K', 'V5L'],
  },
  { city: 'Victoria', province: 'BC', country: 'CA', areaCodes: ['250'], postalPrefixes: ['V8W', 'V8V'] },
  {
    city: 'Calgary',
    province: 'AB',
    country: 'CA',
    areaCodes: ['403', '587'],
    postalPrefixes: ['T2P', 'T3A'],
  },
  { city: 'Edmonton', province: 'AB', country: 'CA', areaCodes: ['780'], postalPrefixes: ['T5J', 'T6E'] },
  { city: 'Winnipeg', province: 'MB', country: 'CA', areaCodes: ['204'], postalPrefixes: ['R3C', 'R3L'] },
  {
    city: 'Seattle',
    province: 'WA',
    country: 'US',
    areaCodes: ['206'],
    postalPrefixes: ['98101', '98109', '98122'],
  },
  {
    city: 'New York',
    province: 'NY',
    country: 'US',
    areaCodes: ['212', '646'],
    postalPrefixes: ['10001', '10011', '10024'],
  },
  {
    city: 'Chicago',
    province: 'IL',
    country: 'US',
    areaCodes: ['312', '773'],
    postalPrefixes: ['60601', '60614'],
  },
  { city: 'Boston', province: 'MA', country: 'US', areaCodes: ['617'], postalPrefixes: ['02108', '02116'] },
  { city: 'Austin', province: 'TX', country: 'US', areaCodes: ['512'], postalPrefixes: ['78701', '78704'] },
  {
    city: 'Denver',
    province: 'CO',
    country: 'US',
    areaCodes: ['303', '720'],
    postalPrefixes: ['80202', '80206'],
  },
  {
    city: 'San Francisco',
    province: 'CA',
    country: 'US',
    areaCodes: ['415'],
    postalPrefixes: ['94103', '94110'],
  },
  { city: 'Buffalo', province: 'NY', country: 'US', areaCodes: ['716'], postalPrefixes: ['14201', '14202'] },
];

export const placeNamed = (city: string): Place => {
  const place = PLACES.find((p) => p.city === city);
  if (!place) throw new RangeError(`Unknown demo city ${city}`);
  return place;
};

export const CANADIAN_PLACES = PLACES.filter((p) => p.country === 'CA');
export const US_PLACES = PLACES.filter((p) => p.country === 'US');

export const ENGLISH_STREETS = [
  'King Street West',
  'Queen Street East',
  'Maple Avenue',
  'Elm Street',
  'Lakeshore Road',
  'Church Street',
  'Wellington Street',
  'Bank Street',
  'Dundas Street West',
  'Bloor Street West',
  'Main Street',
  'Cedar Crescent',
  'Victoria Avenue',
  'Park Road',
  'Birch Lane',
  'Harbour Street',
  'College Street',
  'Richmond Road',
] as const;
export const FRENCH_STREETS = [
  'rue Saint-Denis',
  'boulevard Saint-Laurent',
  'rue Sherbrooke Est',
  'avenue du Mont-Royal',
  'rue Principale',
  'chemin Sainte-Foy',
  'boulevard René-Lévesque Ouest',
  'rue Notre-Dame Ouest',
  'rue des Érables',
  'avenue Laurier Est',
] as const;
export const US_STREETS = [
  'Pine Street',
  'Broadway',
  'Main Street',
  'Oak Avenue',
  'Market Street',
  'Washington Street',
  'Elm Street',
  'Congress Avenue',
  'Colfax Avenue',
  'Lake Street',
  'Madison Avenue',
  'Hanover Street',
] as const;

export const streetsFor = (place: Place): readonly string[] =>
  place.country === 'US' ? US_STREETS : place.frenchStreets ? FRENCH_STREETS : ENGLISH_STREETS;

export const ENGLISH_FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Ethan',
  'Sophia',
  'Lucas',
  'Mia',
  'Benjamin',
  'Charlotte',
  'James',
  'Amelia',
  'Owen',
  'Harper',
  'Jacob',
  'Ella',
  'William',
  'Chloe',
  'Daniel',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Fatima',
  'Omar',
  'Aisha',
  'Mateo',
  'Sofia',
  'Hannah',
] as const;
export const ENGLISH_LAST_NAMES = [
  'Smith',
  'Brown',
  'Wilson',
  'MacDonald',
  'Taylor',
  'Campbell',
  'Anderson',
  'Thompson',
  'Patel',
  'Singh',
  'Nguyen',
  'Wong',
  'Chen',
  'Kim',
  'Walker',
  'Young',
  'Robinson',
  "O'Brien",
  'Clarke',
  'Murray',
  'Reid',
  'Stewart',
  'Hughes',
  'Garcia',
  'Rodriguez',
  'Johnson',
  'Miller',
  'Davis',
  'Okafor',
  'Haddad',
] as const;
export const FRENCH_FIRST_NAMES = [
  'Léa',
  'Gabriel',
  'Chloé',
  'Félix',
  'Émile',
  'Juliette',
  'Louis',
  'Florence',
  'Mathis',
  'Zoé',
  'Antoine',
  'Rosalie',
  'Samuel',
  'Béatrice',
  'Thomas',
  'Maude',
  'Olivier',
  'Élodie',
] as const;
export const FRENCH_LAST_NAMES = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
] as const;
export const BUSINESS_NAMES: Readonly<Record<Country | 'QC', readonly string[]>> = {
  CA: [
    'Maple Leaf Dental Clinic',
    'Harbourfront Bakery',
    'Blue Spruce Consulting',
    'Prairie Sky Construction Ltd.',
    'Lakeside Veterinary Hospital',
    'Summit Legal LLP',
    'Riverbend Auto Repair',
    'Cedar & Stone Architects',
    'Granite Peak Outfitters',
    'Brightline Media',
    'True North Courier',
    'Aurora Home Care',
  ],
  QC: ['Boulangerie du Plateau', 'Clinique Santé Laval', 'Évolution Design inc.', 'Transport Beauport ltée', 'Café des Érables'],
  US: ['Pike Place Coffee Co.', 'Lone Star Landscaping LLC', 'Mile High Fitness', 'Bay Area Robotics Inc.', 'Harborview Realty'],
};

export const PLANS_BY_CURRENCY: Readonly<Record<Currency, { personal: readonly Plan[]; business: readonly Plan[] }>> = {
  CAD: {
    personal: [PLANS.talkText150, PLANS.essential10, PLANS.unlimited50, PLANS.student20, PLANS.senior100],
    business: [PLANS.businessPro100, PLANS.unlimited50],
  },
  USD: { personal: [PLANS.usUnlimited15, PLANS.usBasic500], business: [PLANS.usBusiness50] },
};

/** Occasional one-time charges (positive) and credits (negative, category Adjustment). */
export interface CatalogItem {
  names: Readonly<Record<Language, string>>;
  cents: number;
}
const item = (en: string, fr: string, cents: number): CatalogItem => ({ names: { English: en, French: fr }, cents });

export const ONE_TIME_CHARGES: readonly CatalogItem[] = [
  item('SIM card replacement', 'Remplacement de carte SIM', 1000),
  item('Phone number change', 'Changement de numéro', 2500),
  item('Paper bill fee', 'Frais de facture papier', 200),
  item('Device connection fee', 'Frais de mise en service', 4500),
  item('International calling pack', 'Forfait appels internationaux', 1000),
  item('Data top-up 2 GB', 'Recharge de données 2 Go', 1500),
];
export const ADJUSTMENTS: readonly CatalogItem[] = [
  item('Loyalty credit', 'Crédit de fidélité', -500),
  item('Service credit: network outage', 'Crédit de service : panne du réseau', -1000),
  item('Goodwill credit', 'Crédit de courtoisie', -750),
];

const OTHER_COUNTRY: Record<Country, Record<Language, { to: string; in: string }>> = {
  CA: { English: { to: 'the United States', in: 'the United States' }, French: { to: 'les États-Unis', in: 'aux États-Unis' } },
  US: { English: { to: 'Canada', in: 'Canada' }, French: { to: 'le Canada', in: 'au Canada' } },
};

/** Charge descriptions of the usage classes for an account's country and language. */
export const usageChargeNames = (country: Country, language: Language): readonly string[] => {
  const other = OTHER_COUNTRY[country][language];
  return language === 'French'
    ? [
        'Minutes excédentaires',
        `Interurbain vers ${other.to}`,
        'Interurbain international',
        'Messages texte internationaux',
        'Données excédentaires (Mo)',
        `Appels en itinérance ${other.in}`,
        `Messages texte en itinérance ${other.in}`,
        `Données en itinérance ${other.in} (Mo)`,
      ]
    : [
        'Voice overage (minutes beyond plan)',
        `Long distance to ${other.to}`,
        'International long distance',
        'International text messages',
        'Data overage (MB beyond plan)',
        `Roaming calls in ${other.in}`,
        `Roaming text messages in ${other.in}`,
        `Roaming data in ${other.in} (MB)`,
      ];
};

/** The roaming country of a trip, for CDR descriptions. */
export const roamingCountryName = (home: Country, language: Language): string => OTHER_COUNTRY[home][language].in;

/** Fictional numbers 555-0100…0199 of an area code, E.164. */
export const fictionalNumbers = (areaCode: string): string[] =>
  Array.from({ length: 100 }, (_, i) => `+1${areaCode}5550${100 + i}`);

export interface AreaInfo {
  code: string;
  country: Country;
  label: string;
  numbers: readonly string[];
}

/** Every area code of the catalogue with its place label and numbers (computed once). */
export const AREAS: readonly AreaInfo[] = (() => {
  const seen = new Map<string, AreaInfo>();
  for (const place of PLACES) {
    for (const code of place.areaCodes) {
      if (!seen.has(code))
        seen.set(code, {
          code,
          country: place.country,
          label: `${place.city}, ${place.province}`,
          numbers: fictionalNumbers(code),
        });
    }
  }
  return [...seen.values()];
})();

export const areasIn = (country: Country): readonly AreaInfo[] => AREAS.filter((a) => a.country === country);
export const areaOf = (code: string): AreaInfo => {
  const area = AREAS.find((a) => a.code === code);
  if (!area) throw new RangeError(`Unknown area code ${code}`);
  return area;
};

export interface InternationalDestination {
  names: Readonly<Record<Language, string>>;
  numbers: readonly string[];
}
export const INTERNATIONAL: readonly InternationalDestination[] = [
  // Ofcom reserves 020 7946 0000–0999 for drama.
  {
    names: { English: 'United Kingdom', French: 'Royaume-Uni' },
    numbers: Array.from({ length: 100 }, (_, i) => `+442079460${String(100 + i * 7).padStart(3, '0')}`),
  },
  {
    names: { English: 'France', French: 'France' },
    numbers: Array.from({ length: 100 }, (_, i) => `+3319900${String(1000 + i * 37).padStart(4, '0')}`),
  },
];

/** Relative call volume per local hour, 0h…23h: quiet nights, busy afternoons and evenings. */
export const HOUR_WEIGHTS: readonly number[] = [
  0.2, 0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 0.8, 1.2, 1.4, 1.5, 1.5, 1.6, 1.5, 1.4, 1.4, 1.5, 1.7, 1.8, 1.7, 1.4, 1.1, 0.7, 0.4,
];
export const HOUR_WEIGHT_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);

export const PAYMENT_TEXTS: Readonly<Record<Language, { manual: string; automatic: string }>> = {
  English: { manual: 'Online payment', automatic: 'Automatic payment' },
  French: { manual: 'Paiement en ligne', automatic: 'Paiement automatique' },
};
export const CARD_DECLINED = 'Your card was declined.';
export const CARD_EXPIRED = 'Your card has expired.';
