/**
 * Call detail records of one invoice, rated as a billing system would: local and domestic calls
 * count against the plan's minutes, cross-border and international calls, international texts and
 * roaming are priced per unit, data beyond the plan is priced per MB. Each CDR carries its own
 * amount, and the Usage charges of the invoice are built from the same records, so the two always
 * agree.
 *
 * Amounts do not depend on the calendar: times are drawn first and sorted, then every other
 * attribute is drawn in time order from the same stream. A month of 30 or 31 days changes only
 * when calls happened, never what they cost, which keeps the demo customer's balance the same
 * whatever today's date is.
 */
import type { Language } from '@portal/contract';
import { DAY_SECONDS, dayStartIn } from './calendar';
import {
  AREAS,
  HOUR_WEIGHTS,
  HOUR_WEIGHT_TOTAL,
  INTERNATIONAL,
  USAGE_CLASS_COUNT,
  USAGE_RATES,
  UsageClass,
  roamingCountryName,
  type AreaInfo,
  type Country,
} from './catalog';
import { Rng } from './random';

export type CdrKind = 'voice' | 'sms' | 'data';

/** One record as the generator hands it out; the object is reused, copy what you keep. */
export interface Cdr {
  kind: CdrKind;
  /** Epoch seconds. */
  startedAt: number;
  fromNumber: string;
  toNumber: string | null;
  durationSeconds: number;
  dataKb: number;
  description: string;
  /** Ten-thousandths of the account's currency. */
  amount: number;
  /** The usage charge this record adds to, or -1 when it is included in the plan. */
  usageClass: number;
  /** Minutes, messages or MB it adds to that charge. */
  units: number;
}

export interface UsageProfile {
  country: Country;
  language: Language;
  /** The account's own numbers, E.164. */
  lines: readonly string[];
  homeArea: AreaInfo;
  /** The account's IANA zone: calls are spread over its local days. */
  timeZone: string;
  /** Domestic minutes included per month for all lines; null = unlimited. */
  includedMinutes: number | null;
  includedMb: number;
  /** Share of calls that go abroad (overseas) and across the border. */
  internationalShare: number;
  crossBorderShare: number;
  /** Chance that a month has a trip abroad. */
  roamingChance: number;
}

export interface UsageWindow {
  /** The first day (UTC day number, i.e. the calendar date): the window begins at its midnight in the account's zone. */
  firstDay: number;
  /** Whole days; calls are spread over them by hour of (local) day. */
  days: number;
  /** When set (the month in progress), calls spread evenly over this many seconds from the first day's start instead. */
  spanSeconds?: number | undefined;
  count: number;
  seed: number;
}

interface Texts {
  local: readonly string[];
  longDistance: readonly string[];
  international: readonly string[];
  internationalSms: readonly string[];
  roamingCall: Readonly<Record<Country, string>>;
  roamingSms: Readonly<Record<Country, string>>;
  roamingData: Readonly<Record<Country, string>>;
  sms: string;
  data: string;
}

const textsFor = (language: Language): Texts => {
  const fr = language === 'French';
  const roaming = (prefix: string) => ({
    CA: `${prefix} ${roamingCountryName('CA', language)}`,
    US: `${prefix} ${roamingCountryName('US', language)}`,
  });
  return {
    local: AREAS.map((a) => (fr ? `Appel local vers ${a.label}` : `Local call to ${a.label}`)),
    longDistance: AREAS.map((a) => (fr ? `Interurbain vers ${a.label}` : `Long distance to ${a.label}`)),
    international: INTERNATIONAL.map((d) =>
      fr ? `Appel international : ${d.names.French}` : `International call to ${d.names.English}`,
    ),
    internationalSms: INTERNATIONAL.map((d) =>
      fr ? `Message texte international : ${d.names.French}` : `International text to ${d.names.English}`,
    ),
    roamingCall: roaming(fr ? 'Appel en itinérance' : 'Roaming call in'),
    roamingSms: roaming(fr ? 'Message texte en itinérance' : 'Roaming text in'),
    roamingData: roaming(fr ? 'Données en itinérance' : 'Roaming data in'),
    sms: fr ? 'Message texte' : 'Text message',
    data: fr ? 'Données mobiles' : 'Mobile data',
  };
};

// Built once: the hot loop only picks ready-made strings.
const TEXTS: Readonly<Record<Language, Texts>> = { English: textsFor('English'), French: textsFor('French') };
const AREA_INDEX = new Map(AREAS.map((a, i) => [a.code, i]));
const AREAS_BY_COUNTRY: Readonly<Record<Country, readonly number[]>> = {
  CA: AREAS.flatMap((a, i) => (a.country === 'CA' ? [i] : [])),
  US: AREAS.flatMap((a, i) => (a.country === 'US' ? [i] : [])),
};
const OTHER: Readonly<Record<Country, Country>> = { CA: 'US', US: 'CA' };

const VOICE_SHARE = 0.55;
const SMS_SHARE = 0.3;
const LOCAL_SHARE = 0.65;
const KIND_VOICE = 0;
const KIND_SMS = 1;
const KIND_DATA = 2;
/** Months in which a customer uses (nearly) the whole data allowance or a little more. */
const HEAVY_DATA_MONTHS = 0.12;

/** Mostly short calls (about four minutes on average), some long ones, a few over ten minutes. */
const callSeconds = (rng: Rng): number => {
  const u = rng.next();
  if (u < 0.7) return rng.int(10, 180);
  if (u < 0.95) return rng.int(181, 600);
  return rng.int(601, 2400);
};

/** Start times (epoch seconds), sorted, drawn before anything else so their draws are fixed. */
const drawTimes = (rng: Rng, window: UsageWindow, timeZone: string): Float64Array => {
  const times = new Float64Array(window.count);
  // Each local day's start, and the end of the last: a record of a day falls on that day in the account's zone.
  const starts = new Float64Array(window.days + 1);
  for (let d = 0; d <= window.days; d++) starts[d] = dayStartIn(timeZone, window.firstDay + d);
  for (let i = 0; i < window.count; i++) {
    if (window.spanSeconds !== undefined) {
      times[i] = starts[0]! + Math.floor(rng.next() * window.spanSeconds);
    } else {
      const day = Math.floor(rng.next() * window.days);
      const hour = rng.weighted(HOUR_WEIGHTS, HOUR_WEIGHT_TOTAL);
      const localSecond = hour * 3600 + Math.floor(rng.next() * 3600);
      // A day that DST makes 23 or 25 hours long holds its calls all the same, its hours a little squeezed or stretched.
      const start = starts[day]!;
      times[i] = start + Math.floor((localSecond * (starts[day + 1]! - start)) / DAY_SECONDS);
    }
  }
  return times.sort();
};

/** Units beyond an allowance when `used` grows by `units`: what the record that crosses it pays. */
const beyond = (usedBefore: number, units: number, allowance: number): number =>
  Math.max(0, usedBefore + units - Math.max(allowance, usedBefore));

/** Generates the CDRs of one invoice in time order, calling `visit` with each (same object). */
export const generateUsage = (profile: UsageProfile, window: UsageWindow, visit: (cdr: Cdr) => void): void => {
  const rng = new Rng(window.seed);
  const n = window.count;
  const times = drawTimes(rng, window, profile.timeZone);
  const texts = TEXTS[profile.language];
  const home = profile.homeArea;
  const homeIndex = AREA_INDEX.get(home.code)!;
  const domestic = AREAS_BY_COUNTRY[profile.country];
  const abroad = AREAS_BY_COUNTRY[OTHER[profile.country]];

  // What kind each record is, then how much data the month uses (a share of the allowance, now
  // and then a little over it) spread over the data sessions there actually are.
  const kinds = new Uint8Array(n);
  let dataSessions = 0;
  for (let i = 0; i < n; i++) {
    const draw = rng.next();
    kinds[i] = draw < VOICE_SHARE ? KIND_VOICE : draw < VOICE_SHARE + SMS_SHARE ? KIND_SMS : KIND_DATA;
    if (kinds[i] === KIND_DATA) dataSessions++;
  }
  const appetite = rng.chance(HEAVY_DATA_MONTHS) ? 0.85 + rng.next() * 0.23 : 0.15 + rng.next() * 0.6;
  const meanKb = (profile.includedMb * 1024 * appetite) / Math.max(1, dataSessions);
  let tripStart = -1;
  let tripEnd = -1;
  if (n >= 8 && rng.chance(profile.roamingChance)) {
    tripStart = rng.int(0, n - 1);
    tripEnd = tripStart + rng.int(Math.ceil(n / 10), Math.ceil(n / 4));
  }

  const cdr: Cdr = {
    kind: 'voice',
    startedAt: 0,
    fromNumber: '',
    toNumber: null,
    durationSeconds: 0,
    dataKb: 0,
    description: '',
    amount: 0,
    usageClass: -1,
    units: 0,
  };
  let usedMinutes = 0;
  let usedMb = 0;
  for (let i = 0; i < n; i++) {
    const roaming = i >= tripStart && i < tripEnd;
    cdr.startedAt = times[i]!;
    cdr.fromNumber = profile.lines.length === 1 ? profile.lines[0]! : rng.pick(profile.lines);
    cdr.usageClass = -1;
    cdr.units = 0;
    const kind = kinds[i]!;
    const destinationDraw = rng.next();
    if (kind === KIND_VOICE) {
      const seconds = callSeconds(rng);
      const minutes = Math.ceil(seconds / 60);
      cdr.kind = 'voice';
      cdr.durationSeconds = seconds;
      cdr.dataKb = 0;
      if (roaming) {
        cdr.toNumber = rng.pick(home.numbers);
        cdr.description = texts.roamingCall[profile.country];
        cdr.usageClass = UsageClass.RoamingVoice;
        cdr.units = minutes;
      } else if (destinationDraw < profile.internationalShare) {
        const d = rng.int(0, INTERNATIONAL.length - 1);
        cdr.toNumber = rng.pick(INTERNATIONAL[d]!.numbers);
        cdr.description = texts.international[d]!;
        cdr.usageClass = UsageClass.International;
        cdr.units = minutes;
      } else if (destinationDraw < profile.internationalShare + profile.crossBorderShare) {
        const a = rng.pick(abroad);
        cdr.toNumber = rng.pick(AREAS[a]!.numbers);
        cdr.description = texts.longDistance[a]!;
        cdr.usageClass = UsageClass.CrossBorder;
        cdr.units = minutes;
      } else {
        const local = rng.chance(LOCAL_SHARE);
        const a = local ? homeIndex : rng.pick(domestic);
        cdr.toNumber = rng.pick(AREAS[a]!.numbers);
        cdr.description = local || a === homeIndex ? texts.local[a]! : texts.longDistance[a]!;
        if (profile.includedMinutes !== null) {
          const over = beyond(usedMinutes, minutes, profile.includedMinutes);
          usedMinutes += minutes;
          if (over > 0) {
            cdr.usageClass = UsageClass.VoiceOverage;
            cdr.units = over;
          }
        }
      }
    } else if (kind === KIND_SMS) {
      cdr.kind = 'sms';
      cdr.durationSeconds = 0;
      cdr.dataKb = 0;
      if (roaming) {
        cdr.toNumber = rng.pick(home.numbers);
        cdr.description = texts.roamingSms[profile.country];
        cdr.usageClass = UsageClass.RoamingSms;
        cdr.units = 1;
      } else if (destinationDraw < profile.internationalShare * 1.5) {
        const d = rng.int(0, INTERNATIONAL.length - 1);
        cdr.toNumber = rng.pick(INTERNATIONAL[d]!.numbers);
        cdr.description = texts.internationalSms[d]!;
        cdr.usageClass = UsageClass.InternationalSms;
        cdr.units = 1;
      } else {
        const a = rng.chance(LOCAL_SHARE) ? homeIndex : rng.pick(domestic);
        cdr.toNumber = rng.pick(AREAS[a]!.numbers);
        cdr.description = texts.sms;
      }
    } else {
      cdr.kind = 'data';
      cdr.toNumber = null;
      cdr.durationSeconds = rng.int(120, 5400);
      // Abroad, people keep data to maps and messages: 5–150 MB a session.
      const kb = roaming ? rng.int(5_000, 150_000) : Math.max(1, Math.floor(meanKb * (0.25 + 1.5 * rng.next())));
      const mb = Math.ceil(kb / 1024);
      cdr.dataKb = kb;
      if (roaming) {
        cdr.description = texts.roamingData[profile.country];
        cdr.usageClass = UsageClass.RoamingData;
        cdr.units = mb;
      } else {
        cdr.description = texts.data;
        const over = beyond(usedMb, mb, profile.includedMb);
        usedMb += mb;
        if (over > 0) {
          cdr.usageClass = UsageClass.DataOverage;
          cdr.units = over;
        }
      }
    }
    cdr.amount = cdr.usageClass >= 0 ? cdr.units * USAGE_RATES[cdr.usageClass]! : 0;
    visit(cdr);
  }
};

/** Units and amounts (ten-thousandths) per usage class: the invoice's Usage charges. */
export class UsageTotals {
  readonly units = new Array<number>(USAGE_CLASS_COUNT).fill(0);
  readonly amounts = new Array<number>(USAGE_CLASS_COUNT).fill(0);

  add(cdr: Cdr): void {
    const c = cdr.usageClass;
    if (c < 0) return;
    this.units[c] = this.units[c]! + cdr.units;
    this.amounts[c] = this.amounts[c]! + cdr.amount;
  }
}

const SLOTS = USAGE_CLASS_COUNT * 2;

/**
 * The usage totals of every invoice of a load, by invoice id: the CDR pass generates each
 * invoice's records once and remembers what they add up to, so the passes that write invoices,
 * charges and payments need not generate them again (16 numbers per invoice).
 */
export class UsageMemory {
  private data = new Float64Array(SLOTS * 1024);
  private known = new Uint8Array(1024);

  constructor(private readonly firstInvoiceId: number) {}

  store(invoiceId: number, totals: UsageTotals): void {
    const i = invoiceId - this.firstInvoiceId;
    if (i < 0) throw new RangeError(`Invoice ${invoiceId} is before this load`);
    while (i >= this.known.length) this.grow();
    for (let c = 0; c < USAGE_CLASS_COUNT; c++) {
      this.data[i * SLOTS + c] = totals.units[c]!;
      this.data[i * SLOTS + USAGE_CLASS_COUNT + c] = totals.amounts[c]!;
    }
    this.known[i] = 1;
  }

  get(invoiceId: number): UsageTotals | null {
    const i = invoiceId - this.firstInvoiceId;
    if (i < 0 || i >= this.known.length || this.known[i] === 0) return null;
    const totals = new UsageTotals();
    for (let c = 0; c < USAGE_CLASS_COUNT; c++) {
      totals.units[c] = this.data[i * SLOTS + c]!;
      totals.amounts[c] = this.data[i * SLOTS + USAGE_CLASS_COUNT + c]!;
    }
    return totals;
  }

  private grow(): void {
    const data = new Float64Array(this.data.length * 2);
    data.set(this.data);
    const known = new Uint8Array(this.known.length * 2);
    known.set(this.known);
    this.data = data;
    this.known = known;
  }
}
