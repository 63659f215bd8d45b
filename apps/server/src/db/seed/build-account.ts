/**
 * Rows of one account from its spec. Split in two so a load pass builds only what it writes:
 * the header (account, addresses, contacts, cards) is cheap; the billing (invoices, charges,
 * receivables, payments, and the CDRs the usage charges are rated from) is the expensive part.
 *
 * Ids are handed out from an `IdCursor` in a fixed order, so building the same accounts from the
 * same starting ids always gives the same ids: each load pass can rebuild what it needs instead
 * of keeping millions of rows in memory.
 */
import { AUTOPAY_OFF, AUTOPAY_ON } from '@portal/contract';
import type { AccountSpec, AddressSpec } from './account-spec';
import { formatCents, formatTenThousandths, taxLines, planChargeCents, taxRulesFor, usageChargeCents } from '../../lib/rating';
import {
  DAY_SECONDS,
  completedMonths,
  dayFromYmd,
  dayStartIn,
  dueDayOf,
  instantOf,
  isoDay,
  monthOf,
  postedDayOf,
  type Period,
} from './calendar';
import { ADJUSTMENTS, ONE_TIME_CHARGES, USAGE_CLASS_COUNT, USAGE_RATES, usageChargeNames } from './catalog';
import { planPayments, type PayableInvoice, type SavedCard } from './payment-plan';
import { Rng, mixSeed } from './random';
import type {
  AccountAddressRow,
  AccountContactRow,
  AccountRow,
  AddressRow,
  AssignmentRow,
  AutopayRow,
  ChargeRow,
  ContactRow,
  IdCursor,
  InvoiceRow,
  PaymentMethodRow,
  PaymentRow,
  ReceivableRow,
  VaultRow,
} from './tables';
import { UsageTotals, generateUsage, type Cdr, type UsageMemory, type UsageWindow } from './usage';

export interface BuildContext {
  /** UTC day number of `now`. */
  today: number;
  /** `now` in whole epoch seconds. */
  nowSecond: number;
  /** The first ids of this load: account i of the seed set gets `bases.accounts + i`, user i `bases.users + i`. */
  bases: IdCursor;
}

/** First customer number minus one: account ids map to six-digit customer numbers. */
const CUSTOMER_NO_BASE = 100_000;
export const customerNoOf = (accountId: number): string => String(CUSTOMER_NO_BASE + accountId);
/** Zero-padded so an account's invoice numbers sort in issue order (up to 10 million invoices). */
export const invoiceNumberOf = (prefix: string, invoiceId: number): string => `${prefix}-${String(invoiceId).padStart(7, '0')}`;

export interface AccountHeader {
  accountId: number;
  account: AccountRow;
  addresses: AddressRow[];
  accountAddresses: AccountAddressRow[];
  contacts: ContactRow[];
  accountContacts: AccountContactRow[];
  cards: SavedCard[];
  paymentMethods: PaymentMethodRow[];
  vault: VaultRow[];
  autopay: AutopayRow | null;
}

const OPENING_HOUR = 14 * 3600;

export const buildHeader = (spec: AccountSpec, index: number, cursor: IdCursor, ctx: BuildContext): AccountHeader => {
  const accountId = cursor.accounts++;
  if (accountId !== ctx.bases.accounts + index) throw new Error(`Account ${spec.key} built out of order`);
  const opened = instantOf(spec.openedDay, OPENING_HOUR);
  const header: AccountHeader = {
    accountId,
    account: {
      id: accountId,
      customerNo: customerNoOf(accountId),
      name: spec.name,
      invoiceName: spec.invoiceName,
      invoiceEmailAddress: spec.invoiceEmail,
      invoicePrefix: spec.invoicePrefix,
      type: spec.type,
      currency: spec.currency,
      language: spec.language,
      paymentMethod: spec.autopay ? AUTOPAY_ON : AUTOPAY_OFF,
      parentId: spec.parentIndex === null ? null : ctx.bases.accounts + spec.parentIndex,
      externalId: spec.externalId ?? null,
      providerCustomerRef: null,
      createdAt: opened,
      updatedAt: opened,
    },
    addresses: [],
    accountAddresses: [],
    contacts: [],
    accountContacts: [],
    cards: [],
    paymentMethods: [],
    vault: [],
    autopay: null,
  };

  const link = (address: AddressSpec, type: 'Billing' | 'Service', start: Date, end: Date | null) => {
    const addressId = cursor.addresses++;
    header.addresses.push({ id: addressId, accountId, ...address, createdAt: start });
    header.accountAddresses.push({ id: cursor.account_addresses++, accountId, addressId, type, startDate: start, endDate: end });
  };
  const previous = spec.previousBillingAddress;
  const moved = previous ? instantOf(previous.movedDay, OPENING_HOUR) : opened;
  if (previous) link(previous.address, 'Billing', opened, moved);
  link(spec.billingAddress, 'Billing', moved, null);
  if (spec.serviceAddress) link(spec.serviceAddress, 'Service', opened, null);

  const contactId = cursor.contacts++;
  const person = spec.billingContact;
  header.contacts.push({
    id: contactId,
    accountId,
    firstName: person.firstName,
    lastName: person.lastName,
    primaryEmail: person.email,
    primaryPhone: person.phone,
    createdAt: opened,
  });
  header.accountContacts.push({
    id: cursor.account_contacts++,
    accountId,
    contactId,
    type: 'Billing',
    startDate: opened,
    endDate: null,
  });

  for (const card of spec.cards) {
    const id = cursor.payment_methods++;
    const saved = instantOf(card.createdDay, OPENING_HOUR + 600);
    const display = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    header.cards.push({ id, spec: card, expiryEndDay: dayFromYmd(card.expYear, card.expMonth + 1, 1) - 1 });
    header.paymentMethods.push({
      id,
      accountId,
      provider: 'sandbox',
      providerRef: card.providerRef,
      ...display,
      isDefault: card.isDefault,
      createdAt: saved,
    });
    header.vault.push({
      ref: card.providerRef,
      ...display,
      nameOnCard: card.nameOnCard,
      declinesCharges: false,
      createdAt: saved,
    });
  }
  if (spec.autopay) {
    const card = header.cards.find((c) => c.spec.isDefault);
    if (!card) throw new Error(`Account ${spec.key} pays automatically but has no default card`);
    const since = instantOf(card.spec.createdDay, OPENING_HOUR + 900);
    header.autopay = {
      accountId,
      paymentMethodId: card.id,
      frequency: 'dueDate',
      amountType: 'full',
      fixedAmount: null,
      createdAt: since,
      updatedAt: since,
    };
  }
  return header;
};

export interface AccountBilling {
  invoices: InvoiceRow[];
  receivables: ReceivableRow[];
  charges: ChargeRow[];
  payments: PaymentRow[];
  assignments: AssignmentRow[];
}

/** Receives every CDR as it is generated, with the invoice and account it belongs to. */
export type CdrSink = (cdr: Cdr, invoiceId: number, accountId: number) => void;

export interface UsageOptions {
  /** Totals already known are taken from here; totals generated are remembered here. */
  memory?: UsageMemory | undefined;
  /** Every CDR generated (none when the totals were remembered). */
  onCdr?: CdrSink | undefined;
}

// Independent random streams per purpose, so changing one never shifts another.
const STREAM = { usage: 1, count: 2, extras: 3, payments: 4 } as const;
const ONE_TIME_CHANCE = 0.1;
const ADJUSTMENT_CHANCE = 0.04;

interface InvoiceCharges {
  rows: ChargeRow[];
  totalCents: number;
}

/** The lines of one invoice: plan, usage from the CDR totals, extras, then taxes on the subtotal. */
const buildCharges = (
  spec: AccountSpec,
  accountId: number,
  invoiceId: number,
  period: Period,
  lastDay: number,
  totals: UsageTotals,
  extras: Rng,
  cursor: IdCursor,
): InvoiceCharges => {
  const language = spec.language;
  const start = isoDay(period.start);
  const end = isoDay(period.end);
  const rows: ChargeRow[] = [];
  let subtotal = 0;
  const add = (
    category: 'Plan' | 'Usage' | 'OneTime' | 'Adjustment' | 'Tax',
    description: string,
    quantity: number,
    unitTth: number | null,
    cents: number,
    from = start,
    to = end,
    taxCode: string | null = null,
    usageClass: number | null = null,
  ) => {
    rows.push({
      id: cursor.charges++,
      accountId,
      invoiceId,
      category,
      description,
      quantity: String(quantity),
      unitAmount: unitTth === null ? null : formatTenThousandths(unitTth),
      amount: formatCents(cents),
      currency: spec.currency,
      startDate: from,
      endDate: to,
      taxCode,
      usageClass,
    });
  };

  const lines = spec.usage.lines.length;
  const planName = spec.plan.names[language];
  const planDescription = lines === 1 ? planName : `${planName} (${lines} ${language === 'French' ? 'lignes' : 'lines'})`;
  const planCents = planChargeCents(spec.plan, lines);
  add('Plan', planDescription, lines, spec.plan.monthlyCents * 100, planCents);
  subtotal += planCents;

  const usageNames = usageChargeNames(spec.usage.country, language);
  for (let c = 0; c < USAGE_CLASS_COUNT; c++) {
    const units = totals.units[c]!;
    if (units === 0) continue;
    const cents = usageChargeCents(totals.amounts[c]!);
    add('Usage', usageNames[c]!, units, USAGE_RATES[c]!, cents, start, end, null, c);
    subtotal += cents;
  }

  if (extras.chance(ONE_TIME_CHANCE)) {
    const item = extras.pick(ONE_TIME_CHARGES);
    const day = isoDay(period.start + extras.int(0, lastDay - period.start));
    add('OneTime', item.names[language], 1, item.cents * 100, item.cents, day, day);
    subtotal += item.cents;
  }
  if (extras.chance(ADJUSTMENT_CHANCE)) {
    const item = extras.pick(ADJUSTMENTS);
    add('Adjustment', item.names[language], 1, item.cents * 100, item.cents);
    subtotal += item.cents;
  }

  let total = subtotal;
  for (const tax of taxLines(subtotal, taxRulesFor(spec.place.country, spec.place.province), language)) {
    add('Tax', tax.description, 1, null, tax.amountCents, start, end, tax.rule.code);
    total += tax.amountCents;
  }
  return { rows, totalCents: total };
};

/** CDRs of an invoice: drawn from the account's range; the month in progress gets its share so far. */
const cdrCount = (spec: AccountSpec, ordinal: number, period: Period, elapsedSeconds: number | null): number => {
  const [min, max] = spec.cdrsPerInvoice;
  const full = new Rng(mixSeed(spec.seed, ordinal, STREAM.count)).int(min, max);
  if (elapsedSeconds === null) return full;
  if (elapsedSeconds < 60) return 0;
  const monthSeconds = (period.end - period.start + 1) * DAY_SECONDS;
  return Math.max(1, Math.round((full * elapsedSeconds) / monthSeconds));
};

/** Generates an invoice's CDRs (handing them to the sink) and returns, and remembers, their totals. */
const generateTotals = (
  spec: AccountSpec,
  invoiceId: number,
  accountId: number,
  usage: UsageOptions,
  window: UsageWindow,
): UsageTotals => {
  const totals = new UsageTotals();
  const { onCdr } = usage;
  generateUsage(
    spec.usage,
    window,
    onCdr
      ? (cdr) => {
          totals.add(cdr);
          onCdr(cdr, invoiceId, accountId);
        }
      : (cdr) => totals.add(cdr),
  );
  usage.memory?.store(invoiceId, totals);
  return totals;
};

export const buildBilling = (
  spec: AccountSpec,
  header: AccountHeader,
  cursor: IdCursor,
  ctx: BuildContext,
  usage: UsageOptions = {},
): AccountBilling => {
  const { accountId } = header;
  const billing: AccountBilling = { invoices: [], receivables: [], charges: [], payments: [], assignments: [] };
  const payable: PayableInvoice[] = [];
  // Ordinal counts back from the latest posted invoice (1) so a given invoice keeps its contents
  // as time passes; the month in progress (the draft) is 0.
  const periods: { period: Period; ordinal: number; draft: boolean }[] = completedMonths(ctx.today, spec.postedMonths).map(
    (period, i) => ({
      period,
      ordinal: spec.postedMonths - i,
      draft: false,
    }),
  );
  if (spec.draft) periods.push({ period: monthOf(ctx.today), ordinal: 0, draft: true });

  for (const { period, ordinal, draft } of periods) {
    const invoiceId = cursor.invoices++;
    // The month in progress has had its calls since its first midnight in the account's zone.
    const elapsed = draft ? Math.max(0, ctx.nowSecond - dayStartIn(spec.usage.timeZone, period.start)) : null;
    // Records requested by a sink are always generated; otherwise remembered totals are enough.
    const totals =
      (usage.onCdr ? null : usage.memory?.get(invoiceId)) ??
      generateTotals(spec, invoiceId, accountId, usage, {
        firstDay: period.start,
        days: period.end - period.start + 1,
        spanSeconds: elapsed ?? undefined,
        count: cdrCount(spec, ordinal, period, elapsed),
        seed: mixSeed(spec.seed, ordinal, STREAM.usage),
      });
    const lastDay = draft ? Math.max(period.start, ctx.today - 1) : period.end;
    const extras = new Rng(mixSeed(spec.seed, ordinal, STREAM.extras));
    const { rows, totalCents } = buildCharges(spec, accountId, invoiceId, period, lastDay, totals, extras, cursor);
    billing.charges.push(...rows);

    const postedDay = postedDayOf(period);
    const dueDay = dueDayOf(period);
    const amount = formatCents(totalCents);
    billing.invoices.push({
      id: invoiceId,
      accountId,
      invoiceNumber: invoiceNumberOf(spec.invoicePrefix, invoiceId),
      state: draft ? 'Draft' : 'Posted',
      startDate: isoDay(period.start),
      endDate: isoDay(period.end),
      dueDate: isoDay(dueDay),
      postedDate: draft ? null : instantOf(postedDay),
      amount,
      currency: spec.currency,
      createdAt: instantOf(draft ? period.start : postedDay),
    });
    if (!draft) {
      const receivableId = cursor.receivables++;
      billing.receivables.push({
        id: receivableId,
        accountId,
        invoiceId,
        amount,
        currency: spec.currency,
        dueDate: isoDay(dueDay),
      });
      payable.push({ receivableId, amountCents: totalCents, postedDay, dueDay });
    }
  }

  const paid = planPayments(
    payable,
    {
      accountId,
      currency: spec.currency,
      language: spec.language,
      autopay: spec.autopay,
      habits: spec.habits,
      cards: header.cards,
      formerCard: spec.formerCard,
      payerUserId: spec.payerUserIndex === null ? null : ctx.bases.users + spec.payerUserIndex,
      today: ctx.today,
      seed: spec.seed,
    },
    cursor,
    new Rng(mixSeed(spec.seed, STREAM.payments)),
  );
  billing.payments = paid.payments;
  billing.assignments = paid.assignments;
  return billing;
};
