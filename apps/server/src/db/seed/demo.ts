/**
 * The demo data set of docs/decisions/0008-demo-data.md: the named users and their accounts, plus ~20 other accounts
 * for Staff and Admin to search. Deterministic: the same `now` gives the same rows (only the
 * password hash differs, argon2 salts every hash). Amounts do not depend on `now` either, so the
 * customer's balance owing is the same whatever day the demo is seeded.
 */
import type { Database } from '../client';
import { hashPassword } from '../../lib/password';
import {
  randomAccountSpec,
  usageProfileFor,
  type AccountSpec,
  type AddressSpec,
  type CardSpec,
  type PersonSpec,
} from './account-spec';
import { customerNoOf } from './build-account';
import { dayFromYmd, dayOf, monthAt, ymdOf } from './calendar';
import { CARD_EXPIRED, PLANS, placeNamed, type Place, type Plan } from './catalog';
import { withBulkSession, type BulkSession } from './bulk';
import { loadSeedSet, lockSeedTables, type LoadResult, type SeedSet, type UserSpec } from './load';
import { hashString } from './random';
import type { IdCursor } from './tables';

import { DEMO_PASSWORD, DEMO_USERNAMES, type DemoUser } from './demo-users';
import { hasUsers } from './has-users';

export { DEMO_PASSWORD, DEMO_USERNAMES, type DemoUser };

/** Sandbox vault references of the demo's saved cards (payment_methods.provider_ref). */
export const DEMO_CARD_REFS = {
  customerVisa: 'card_demo_customer_visa',
  customerMastercard: 'card_demo_customer_mastercard',
  familyVisa: 'card_demo_family_visa',
  familyAmex: 'card_demo_family_amex',
  noahMastercard: 'card_demo_noah_mastercard',
} as const;

/**
 * What the customer owes (posted invoices less successful payments): the latest two invoices and
 * part of the third. It does not depend on the day the demo is seeded.
 */
export const DEMO_CUSTOMER_OWING = '231.66';

export const DEMO_SSO = {
  issuer: 'https://login.microsoftonline.com/demo/v2.0',
  subject: 'b4Jm2xQ7pendingDemoSubject0001',
} as const;

/** Positions of the named accounts in the demo set: account ids are the first free id + position. */
export const DEMO_ACCOUNT_INDEX = { customer: 0, family: 1, familyCad: 2, familyUsd: 3, francais: 4 } as const;
const EXTRA_FIRST = 5;
export const DEMO_EXTRA_ACCOUNTS = 20;
/** Users in load order: user ids are the first free id + position. */
const USER_ORDER: readonly DemoUser[] = ['customer', 'family', 'francais', 'staff', 'admin', 'pending'];

const address = (streetNumber: string, streetName: string, place: Place, postal: string): AddressSpec => ({
  streetNumber,
  streetName,
  city: place.city,
  province: place.province,
  postal,
  country: place.country,
});

const card = (
  brand: CardSpec['brand'],
  last4: string,
  expYear: number,
  expMonth: number,
  providerRef: string,
  nameOnCard: string,
  createdDay: number,
  isDefault: boolean,
): CardSpec => ({
  brand,
  last4,
  expMonth,
  expYear,
  isDefault,
  providerRef,
  nameOnCard,
  createdDay,
});

interface NamedAccount {
  key: string;
  name: string;
  prefix: string;
  invoiceName: string;
  person: PersonSpec;
  place: Place;
  billing: AddressSpec;
  plan: Plan;
  lines: string[];
  language?: 'English' | 'French';
  postedMonths: number;
  cdrs: readonly [number, number];
}

/** The parts every named account shares; the caller sets what makes each one what it shows. */
const namedAccount = (
  today: number,
  a: NamedAccount,
  rest: Pick<AccountSpec, 'autopay' | 'parentIndex' | 'habits' | 'cards' | 'payerUserIndex' | 'draft'> & Partial<AccountSpec>,
): AccountSpec => {
  const language = a.language ?? 'English';
  return {
    key: a.key,
    seed: hashString(`demo:${a.key}`),
    name: a.name,
    type: 'Residential',
    currency: a.place.country === 'US' ? 'USD' : 'CAD',
    language,
    invoicePrefix: a.prefix,
    invoiceName: a.invoiceName,
    invoiceEmail: a.person.email,
    openedDay: monthAt(today, -a.postedMonths).start - 12,
    place: a.place,
    billingAddress: a.billing,
    billingContact: a.person,
    plan: a.plan,
    usage: usageProfileFor(a.place, a.plan, a.lines, language, {
      internationalShare: 0.03,
      crossBorderShare: 0.06,
      roamingChance: 0.15,
    }),
    postedMonths: a.postedMonths,
    cdrsPerInvoice: a.cdrs,
    formerCard: { brand: 'Visa', last4: '1881' },
    ...rest,
  };
};

const NO_SURPRISES = { combineChance: 0, declineChance: 0 };

/** The five accounts of the named users, in DEMO_ACCOUNT_INDEX order. */
const namedAccounts = (today: number): AccountSpec[] => {
  const year = ymdOf(today).year;
  const toronto = placeNamed('Toronto');
  const ottawa = placeNamed('Ottawa');
  const vancouver = placeNamed('Vancouver');
  const seattle = placeNamed('Seattle');
  const montreal = placeNamed('Montréal');

  // Alex pays by hand: 30 months of history, a draft in progress, two open invoices and a third
  // paid in part. The Mastercard expired last year (a fresh attempt with it failed); the Visa
  // saved shortly before then is the default.
  const alex: PersonSpec = { firstName: 'Alex', lastName: 'Martin', email: 'alex.martin@example.com', phone: '+14165550134' };
  const alexHome = address('48', 'Maple Grove Avenue', toronto, 'M4J 2K7');
  const mastercardExpiry = { year: year - 1, month: 8 };
  const customer = namedAccount(
    today,
    {
      key: 'customer',
      name: 'Alex Martin',
      prefix: 'AM',
      invoiceName: 'Alex Martin',
      person: alex,
      place: toronto,
      billing: alexHome,
      plan: PLANS.talkText150,
      lines: [alex.phone],
      postedMonths: 30,
      cdrs: [40, 110],
    },
    {
      autopay: false,
      parentIndex: null,
      draft: true,
      payerUserIndex: 0,
      previousBillingAddress: {
        address: address('1120', 'Bay Street, Apt 1504', toronto, 'M5S 2B4'),
        movedDay: monthAt(today, -14).start + 9,
      },
      serviceAddress: alexHome,
      habits: {
        unpaidLatest: 2,
        partialCents: 4000,
        failedAttemptOnLatestPaid: { cardRef: DEMO_CARD_REFS.customerMastercard, message: CARD_EXPIRED, reason: 'expired_card' },
        combineChance: 0.08,
        declineChance: 0.03,
      },
      cards: [
        card(
          'Visa',
          '4242',
          year + 4,
          12,
          DEMO_CARD_REFS.customerVisa,
          'Alex Martin',
          dayFromYmd(mastercardExpiry.year, mastercardExpiry.month, 1) - 10,
          true,
        ),
        card(
          'Mastercard',
          '4444',
          mastercardExpiry.year,
          mastercardExpiry.month,
          DEMO_CARD_REFS.customerMastercard,
          'Alex Martin',
          monthAt(today, -30).start - 12,
          false,
        ),
      ],
    },
  );

  // The Lees: the parent pays automatically on each due date; Maya studies in Vancouver (CAD, BC
  // taxes), Noah in Seattle (USD, no Canadian tax). The family user reaches all three through
  // the parent.
  const jordan: PersonSpec = { firstName: 'Jordan', lastName: 'Lee', email: 'jordan.lee@example.com', phone: '+16135550142' };
  const familyOpened = monthAt(today, -24).start - 12;
  const family = namedAccount(
    today,
    {
      key: 'family',
      name: 'Jordan Lee',
      prefix: 'JL',
      invoiceName: 'Lee Family',
      person: jordan,
      place: ottawa,
      billing: address('215', 'Elgin Street', ottawa, 'K2P 1L7'),
      plan: PLANS.unlimited50,
      lines: [jordan.phone, '+16135550143'],
      postedMonths: 24,
      cdrs: [50, 120],
    },
    {
      autopay: true,
      parentIndex: null,
      draft: false,
      payerUserIndex: 1,
      habits: { unpaidLatest: 0, ...NO_SURPRISES },
      cards: [
        card('Visa', '4242', year + 3, 9, DEMO_CARD_REFS.familyVisa, 'Jordan Lee', familyOpened, true),
        card('American Express', '0005', year + 2, 3, DEMO_CARD_REFS.familyAmex, 'Jordan Lee', familyOpened + 200, false),
      ],
    },
  );
  const maya: PersonSpec = { firstName: 'Maya', lastName: 'Lee', email: 'maya.lee@example.com', phone: '+16045550117' };
  const familyCad = namedAccount(
    today,
    {
      key: 'family-maya',
      name: 'Maya Lee',
      prefix: 'ML',
      invoiceName: 'Maya Lee',
      person: maya,
      place: vancouver,
      billing: address('2205', 'Lower Mall', vancouver, 'V6T 1Z4'),
      plan: PLANS.student20,
      lines: [maya.phone],
      postedMonths: 24,
      cdrs: [40, 100],
    },
    {
      autopay: false,
      parentIndex: DEMO_ACCOUNT_INDEX.family,
      draft: false,
      payerUserIndex: 1,
      habits: { unpaidLatest: 1, ...NO_SURPRISES },
      cards: [],
    },
  );
  const noah: PersonSpec = { firstName: 'Noah', lastName: 'Lee', email: 'noah.lee@example.com', phone: '+12065550161' };
  const familyUsd = namedAccount(
    today,
    {
      key: 'family-noah',
      name: 'Noah Lee',
      prefix: 'NL',
      invoiceName: 'Noah Lee',
      person: noah,
      place: seattle,
      billing: address('4530', 'University Way NE', seattle, '98105'),
      plan: PLANS.usUnlimited15,
      lines: [noah.phone],
      postedMonths: 24,
      cdrs: [40, 100],
    },
    {
      autopay: false,
      parentIndex: DEMO_ACCOUNT_INDEX.family,
      draft: false,
      payerUserIndex: 1,
      habits: { unpaidLatest: 1, ...NO_SURPRISES },
      cards: [card('Mastercard', '4444', year + 2, 11, DEMO_CARD_REFS.noahMastercard, 'Noah Lee', familyOpened + 30, true)],
    },
  );

  // Camille reads everything in French, lives in Montréal (GST + QST) and keeps no card on file.
  const camille: PersonSpec = {
    firstName: 'Camille',
    lastName: 'Tremblay',
    email: 'camille.tremblay@example.com',
    phone: '+15145550126',
  };
  const francais = namedAccount(
    today,
    {
      key: 'francais',
      name: 'Camille Tremblay',
      prefix: 'CT',
      invoiceName: 'Camille Tremblay',
      person: camille,
      place: montreal,
      billing: address('4820', 'rue Saint-Denis', montreal, 'H2J 2L6'),
      plan: PLANS.essential10,
      lines: [camille.phone],
      language: 'French',
      postedMonths: 24,
      cdrs: [40, 110],
    },
    {
      autopay: false,
      parentIndex: null,
      draft: false,
      payerUserIndex: 2,
      habits: { unpaidLatest: 1, ...NO_SURPRISES },
      cards: [],
      formerCard: { brand: 'Mastercard', last4: '5100' },
    },
  );
  return [customer, family, familyCad, familyUsd, francais];
};

const renamed = (spec: AccountSpec, name: string, prefix: string, parentIndex: number | null): AccountSpec => ({
  ...spec,
  name,
  invoicePrefix: prefix,
  invoiceName: `${name} - Accounts Payable`,
  parentIndex,
});

/** A business with two sub-accounts, one of them in the US: the hierarchy Staff and Admin see. */
const NORTHWIND: readonly { name: string; prefix: string; parentIndex: number | null; country: 'CA' | 'US' }[] = [
  { name: 'Northwind Logistics Inc.', prefix: 'NWL', parentIndex: null, country: 'CA' },
  { name: 'Northwind Logistics - Fleet', prefix: 'NWF', parentIndex: EXTRA_FIRST, country: 'CA' },
  { name: 'Northwind Logistics - US Sales', prefix: 'NWU', parentIndex: EXTRA_FIRST, country: 'US' },
];

/** The other accounts: drawn at random, the first three being the Northwind business. */
const extraAccounts = (today: number, firstAccountId: number): AccountSpec[] =>
  Array.from({ length: DEMO_EXTRA_ACCOUNTS }, (_, i) => {
    const index = EXTRA_FIRST + i;
    const northwind = NORTHWIND[i];
    const spec = randomAccountSpec({
      key: `extra-${i + 1}`,
      seed: hashString(`demo:extra:${i + 1}`),
      today,
      postedMonths: 24,
      cdrsPerInvoice: [40, 80],
      maxCards: 2,
      autopayChance: 0.25,
      cardRef: (n) => `card_demo_${customerNoOf(firstAccountId + index)}_${n}`,
      ...(northwind ? { country: northwind.country, businessChance: 1 } : {}),
    });
    return northwind ? renamed(spec, northwind.name, northwind.prefix, northwind.parentIndex) : spec;
  });

const demoUsers = (today: number, passwordHash: string, accounts: readonly AccountSpec[]): UserSpec[] => {
  const opened = (index: number) => accounts[index]!.openedDay + 1;
  const user = (
    name: string,
    email: string,
    createdDay: number,
    accountIndexes: number[],
    roles: string[] = [],
  ): Omit<UserSpec, 'username'> => ({
    email,
    name,
    status: 'active',
    roles,
    passwordHash,
    createdDay,
    accountIndexes,
  });
  const users: Record<DemoUser, Omit<UserSpec, 'username'>> = {
    customer: user('Alex Martin', 'alex.martin@example.com', opened(DEMO_ACCOUNT_INDEX.customer), [DEMO_ACCOUNT_INDEX.customer]),
    family: user('Jordan Lee', 'jordan.lee@example.com', opened(DEMO_ACCOUNT_INDEX.family), [DEMO_ACCOUNT_INDEX.family]),
    francais: user('Camille Tremblay', 'camille.tremblay@example.com', opened(DEMO_ACCOUNT_INDEX.francais), [
      DEMO_ACCOUNT_INDEX.francais,
    ]),
    staff: user('Taylor Morgan', 'taylor.morgan@example.com', today - 900, [], ['Staff']),
    admin: user('Riley Chen', 'riley.chen@example.com', today - 1000, [], ['Admin']),
    pending: {
      email: DEMO_USERNAMES.pending,
      name: 'Sam Rivera',
      status: 'pending',
      roles: [],
      passwordHash: null,
      createdDay: today - 2,
      accountIndexes: [],
      sso: DEMO_SSO,
    },
  };
  return USER_ORDER.map((key) => ({ username: DEMO_USERNAMES[key], ...users[key] }));
};

/** The demo set for `today`, with account ids starting at `firstIds.accounts`. */
export const demoSeedSet = (firstIds: IdCursor, today: number, passwordHash: string): SeedSet => {
  // Each has an external id as a provider's billing system would give it, so the provider API reaches demo accounts too.
  const accounts = [...namedAccounts(today), ...extraAccounts(today, firstIds.accounts)].map((spec) => ({ ...spec, externalId: `demo-${spec.key}` }));
  return { accountCount: accounts.length, account: (i) => accounts[i]!, users: demoUsers(today, passwordHash, accounts) };
};

export interface DemoSeedResult {
  userIds: Record<DemoUser, bigint>;
  accountIds: {
    customer: bigint;
    family: bigint;
    /** Maya (CAD, British Columbia) and Noah (USD, Washington). */
    familySubAccounts: readonly [bigint, bigint];
    francais: bigint;
    /** The other accounts, not reachable by any demo customer. */
    others: readonly bigint[];
  };
  load: LoadResult;
}

const summarize = (load: LoadResult): DemoSeedResult => {
  const account = (index: number) => BigInt(load.firstIds.accounts + index);
  return {
    userIds: Object.fromEntries(USER_ORDER.map((key, i) => [key, BigInt(load.firstIds.users + i)])) as Record<DemoUser, bigint>,
    accountIds: {
      customer: account(DEMO_ACCOUNT_INDEX.customer),
      family: account(DEMO_ACCOUNT_INDEX.family),
      familySubAccounts: [account(DEMO_ACCOUNT_INDEX.familyCad), account(DEMO_ACCOUNT_INDEX.familyUsd)],
      francais: account(DEMO_ACCOUNT_INDEX.francais),
      others: Array.from({ length: DEMO_EXTRA_ACCOUNTS }, (_, i) => account(EXTRA_FIRST + i)),
    },
    load,
  };
};

const loadDemo = async (session: BulkSession, now: Date, passwordHash: string): Promise<DemoSeedResult> => {
  const taken = await session.query<{ username: string }>('SELECT username FROM users WHERE lower(username) = ANY($1::text[])', [
    Object.values(DEMO_USERNAMES).map((u) => u.toLowerCase()),
  ]);
  if (taken.length > 0) throw new Error(`The demo users already exist (${taken.map((r) => r.username).join(', ')})`);
  const load = await loadSeedSet(session, (firstIds) => demoSeedSet(firstIds, dayOf(now), passwordHash), { now });
  return summarize(load);
};

export interface DemoOptions {
  /** The day the demo's history ends (default: now). */
  now?: Date | undefined;
}

/** Inserts the demo set in one transaction. Fails if the demo users exist already. */
export const seedDemoData = async (database: Database, options: DemoOptions = {}): Promise<DemoSeedResult> => {
  // Hashed once, outside the transaction: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  return withBulkSession(database, async (session) => {
    await lockSeedTables(session);
    return loadDemo(session, now, passwordHash);
  });
};

/**
 * Seeds the demo set when the database has no users yet (first start). Safe when several server
 * instances start together: the check is repeated under the seed lock, so exactly one seeds.
 */
export const seedIfEmpty = async (database: Database, options: DemoOptions = {}): Promise<boolean> => {
  // Every start but the first ends here, without paying for a password hash.
  if (await hasUsers(database)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  return withBulkSession(database, async (session) => {
    await lockSeedTables(session);
    const [row] = await session.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
    if (row?.any) return false;
    await loadDemo(session, now, passwordHash);
    return true;
  });
};
