/**
 * The quick reading of one NDJSON line of a usage batch (docs/decisions/0024-usage-batches-copied-into-cdrs.md):
 * a flat JSON object of plain ASCII strings, whole numbers and nulls is checked and written into its chunk
 * straight from its bytes, with no string or object made for it. It takes only lines the record rule
 * (`checkUsageBatchRecord`) accepts and writes the very row and refs the rule's record gives: any other
 * line (an escape, a non-ASCII character, a field it does not know, anything the rule refuses) it leaves to
 * JSON.parse and the rule, so every answer and message stays the rule's.
 */
import { USAGE_BATCH_FIELDS, USAGE_BATCH_TEXT_MAX, USAGE_CLASS_NAMES, USAGE_DESCRIPTION_MAX, CDR_TYPES, CDR_DIRECTIONS, usageInstantMs } from '@portal/contract';
import type { ChunkBuffers } from './batch-chunk';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const ZERO = 0x30;
const NINE = 0x39;
const MAX_COUNT = 2_147_483_647;

const bytesOf = (values: readonly string[]) => values.map((value) => Buffer.from(value, 'latin1'));
const FIELDS = bytesOf(USAGE_BATCH_FIELDS);
const field = (name: (typeof USAGE_BATCH_FIELDS)[number]) => USAGE_BATCH_FIELDS.indexOf(name);
const RECORD_ID = field('recordId');
const ACCOUNT = field('accountExternalId');
const STARTED_AT = field('startedAt');
const KIND = field('kind');
const DIRECTION = field('direction');
const FROM = field('fromNumber');
const TO = field('toNumber');
const DURATION = field('durationSeconds');
const DATA_KB = field('dataKb');
const DESCRIPTION = field('description');
const AMOUNT = field('amount');
const INVOICE = field('invoiceExternalId');
const RATING_CLASS = field('ratingClass');
const KINDS = bytesOf(CDR_TYPES);
const DATA = CDR_TYPES.indexOf('data');
const DIRECTIONS = bytesOf(CDR_DIRECTIONS);
const CLASSES = bytesOf(USAGE_CLASS_NAMES);
const CLASS_DIGITS = bytesOf(USAGE_CLASS_NAMES.map((_, i) => String(i)));
const NULL_TEXT = Buffer.from('\\N', 'latin1');

// A field's value in the line being read: its kind and where its bytes are (a string's without its quotes).
const MISSING = 0;
const STRING = 1;
const NUMBER = 2;
const NULL = 3;
const kinds = new Uint8Array(FIELDS.length);
const starts = new Uint32Array(FIELDS.length);
const ends = new Uint32Array(FIELDS.length);

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= ZERO && byte <= NINE;

const equals = (bytes: Buffer, start: number, end: number, word: Buffer) => {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[start + i] !== word[i]) return false;
  return true;
};

/** The index of the word the bytes spell, or -1. */
const indexOf = (bytes: Buffer, start: number, end: number, words: readonly Buffer[]) => {
  for (let i = 0; i < words.length; i++) if (equals(bytes, start, end, words[i]!)) return i;
  return -1;
};

// The fields by their length and first letter, which no two share: a key is compared with one name only.
const FIELD_BY_SHAPE = new Int8Array(128 * 128).fill(-1);
FIELDS.forEach((name, f) => {
  if (FIELD_BY_SHAPE[name.length * 128 + name[0]!] !== -1) throw new Error('two usage batch fields of one length and first letter');
  FIELD_BY_SHAPE[name.length * 128 + name[0]!] = f;
});

/** The field the key `bytes[start, end)` names, or -1. */
const fieldOf = (bytes: Buffer, start: number, end: number) => {
  const n = end - start;
  if (n === 0 || n >= 128) return -1;
  const f = FIELD_BY_SHAPE[n * 128 + (bytes[start]! & 0x7f)]!;
  return f >= 0 && equals(bytes, start, end, FIELDS[f]!) ? f : -1;
};

const skipSpace = (bytes: Buffer, at: number, end: number) => {
  let p = at;
  while (p < end) {
    const byte = bytes[p];
    if (byte !== SPACE && byte !== TAB && byte !== CR) break;
    p += 1;
  }
  return p;
};

/** The end of a string's bytes from `at` (after its opening quote), or -1 when it is not plain printable ASCII. */
const stringEnd = (bytes: Buffer, at: number, end: number) => {
  for (let p = at; p < end; p++) {
    const byte = bytes[p]!;
    if (byte === QUOTE) return p;
    // Escapes, control characters and DEL, and anything beyond ASCII are the rule's to judge.
    if (byte === BACKSLASH || byte < SPACE || byte > 0x7e) return -1;
  }
  return -1;
};

/** Reads the line's object into `kinds`, `starts` and `ends`; false unless it is a flat object of known fields, each once. */
const scan = (bytes: Buffer, start: number, end: number): boolean => {
  kinds.fill(MISSING);
  let p = skipSpace(bytes, start, end);
  if (bytes[p] !== 0x7b) return false;
  p = skipSpace(bytes, p + 1, end);
  for (;;) {
    if (bytes[p] !== QUOTE) return false;
    const keyEnd = stringEnd(bytes, p + 1, end);
    if (keyEnd < 0) return false;
    const f = fieldOf(bytes, p + 1, keyEnd);
    if (f < 0 || kinds[f] !== MISSING) return false;
    p = skipSpace(bytes, keyEnd + 1, end);
    if (bytes[p] !== 0x3a) return false;
    p = skipSpace(bytes, p + 1, end);
    const first = bytes[p];
    if (first === QUOTE) {
      const valueEnd = stringEnd(bytes, p + 1, end);
      if (valueEnd < 0) return false;
      kinds[f] = STRING;
      starts[f] = p + 1;
      ends[f] = valueEnd;
      p = valueEnd + 1;
    } else if (isDigit(first)) {
      let q = p + 1;
      while (isDigit(bytes[q])) q += 1;
      // JSON has no leading zeros; fractions and exponents are the rule's.
      if (first === ZERO && q > p + 1) return false;
      kinds[f] = NUMBER;
      starts[f] = p;
      ends[f] = q;
      p = q;
    } else if (first === 0x6e && bytes[p + 1] === 0x75 && bytes[p + 2] === 0x6c && bytes[p + 3] === 0x6c) {
      kinds[f] = NULL;
      p += 4;
    } else return false;
    p = skipSpace(bytes, p, end);
    if (bytes[p] === 0x7d) break;
    if (bytes[p] !== 0x2c) return false;
    p = skipSpace(bytes, p + 1, end);
  }
  return skipSpace(bytes, p + 1, end) === end;
};

const length = (f: number) => ends[f]! - starts[f]!;

/** The rule's `absent`: missing, null or ''. */
const absent = (f: number) => kinds[f] === MISSING || kinds[f] === NULL || (kinds[f] === STRING && length(f) === 0);

/** A provider id: 1–64 printable ASCII characters, no space or slash. */
const isExternalId = (bytes: Buffer, f: number) => {
  if (kinds[f] !== STRING || length(f) === 0 || length(f) > USAGE_BATCH_TEXT_MAX) return false;
  for (let p = starts[f]!; p < ends[f]!; p++) if (bytes[p] === SPACE || bytes[p] === 0x2f) return false;
  return true;
};

/** `^\+[1-9]\d{1,14}$` */
const isE164 = (bytes: Buffer, f: number) => {
  const start = starts[f]!;
  const n = length(f);
  if (kinds[f] !== STRING || n < 3 || n > 16 || bytes[start] !== 0x2b || bytes[start + 1] === ZERO) return false;
  for (let p = start + 1; p < ends[f]!; p++) if (!isDigit(bytes[p])) return false;
  return true;
};

/** `^\d{1,8}(\.\d{1,4})?$` */
const isAmount = (bytes: Buffer, f: number) => {
  if (kinds[f] !== STRING) return false;
  const end = ends[f]!;
  let p = starts[f]!;
  const whole = p;
  while (p < end && isDigit(bytes[p])) p += 1;
  if (p === whole || p - whole > 8) return false;
  if (p === end) return true;
  if (bytes[p] !== 0x2e) return false;
  const fraction = ++p;
  while (p < end && isDigit(bytes[p])) p += 1;
  return p === end && p > fraction && p - fraction <= 4;
};

/** `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$` */
const isInstantForm = (bytes: Buffer, f: number) => {
  if (kinds[f] !== STRING) return false;
  const s = starts[f]!;
  const end = ends[f]!;
  const digits = (from: number, n: number) => {
    for (let i = 0; i < n; i++) if (!isDigit(bytes[from + i])) return false;
    return true;
  };
  if (end - s < 20 || !digits(s, 4) || bytes[s + 4] !== 0x2d || !digits(s + 5, 2) || bytes[s + 7] !== 0x2d || !digits(s + 8, 2)) return false;
  if (bytes[s + 10] !== 0x54 || !digits(s + 11, 2) || bytes[s + 13] !== 0x3a || !digits(s + 14, 2) || bytes[s + 16] !== 0x3a || !digits(s + 17, 2)) return false;
  let p = s + 19;
  if (bytes[p] === 0x2e) {
    const fraction = ++p;
    while (p < end && isDigit(bytes[p])) p += 1;
    if (p === fraction || p - fraction > 6) return false;
  }
  if (bytes[p] === 0x5a) return p + 1 === end;
  return (bytes[p] === 0x2b || bytes[p] === 0x2d) && p + 6 === end && digits(p + 1, 2) && bytes[p + 3] === 0x3a && digits(p + 4, 2);
};

/** A count the rule takes from a JSON number: 0 to 2³¹ − 1, written as it is (no leading zero). */
const isCount = (bytes: Buffer, f: number) => {
  if (kinds[f] !== NUMBER || length(f) > 10) return false;
  let n = 0;
  for (let p = starts[f]!; p < ends[f]!; p++) n = n * 10 + bytes[p]! - ZERO;
  return n <= MAX_COUNT;
};

/** Some character of the description is not a space (the rule's `trim() === ''`, for ASCII). */
const hasText = (bytes: Buffer, f: number) => {
  for (let p = starts[f]!; p < ends[f]!; p++) if (bytes[p] !== SPACE) return true;
  return false;
};

/** The line's start (ms) when the rule takes it, else NaN. */
const acceptedStart = (bytes: Buffer): number => {
  if (!isExternalId(bytes, RECORD_ID) || !isExternalId(bytes, ACCOUNT) || !isInstantForm(bytes, STARTED_AT)) return NaN;
  if (kinds[KIND] !== STRING || indexOf(bytes, starts[KIND]!, ends[KIND]!, KINDS) < 0) return NaN;
  if (kinds[DIRECTION] !== STRING || indexOf(bytes, starts[DIRECTION]!, ends[DIRECTION]!, DIRECTIONS) < 0) return NaN;
  if (!isE164(bytes, FROM)) return NaN;
  if (absent(TO) ? indexOf(bytes, starts[KIND]!, ends[KIND]!, KINDS) !== DATA : !isE164(bytes, TO)) return NaN;
  if ((!absent(DURATION) && !isCount(bytes, DURATION)) || (!absent(DATA_KB) && !isCount(bytes, DATA_KB))) return NaN;
  if (kinds[DESCRIPTION] !== STRING || length(DESCRIPTION) > USAGE_DESCRIPTION_MAX || !hasText(bytes, DESCRIPTION)) return NaN;
  if (!isAmount(bytes, AMOUNT)) return NaN;
  if (!absent(INVOICE) && !isExternalId(bytes, INVOICE)) return NaN;
  if (!absent(RATING_CLASS) && (kinds[RATING_CLASS] !== STRING || indexOf(bytes, starts[RATING_CLASS]!, ends[RATING_CLASS]!, CLASSES) < 0)) return NaN;
  return instantOf(bytes, STARTED_AT);
};

const numberAt = (bytes: Buffer, at: number, digits: number) => {
  let n = 0;
  for (let i = 0; i < digits; i++) n = n * 10 + bytes[at + i]! - ZERO;
  return n;
};

/**
 * The ms since the epoch of an instant of `isInstantForm`: from its digits when every part is one
 * Date.parse surely takes (a day up to the 28th), else the rule's own answer (NaN for a month 13 or
 * a February 30th).
 */
const instantOf = (bytes: Buffer, f: number): number => {
  const s = starts[f]!;
  const end = ends[f]!;
  let p = s + 19;
  let ms = 0;
  if (bytes[p] === 0x2e) {
    const fraction = ++p;
    // Date.parse keeps milliseconds and drops finer digits.
    for (; p < end && isDigit(bytes[p]); p++) if (p - fraction < 3) ms = ms * 10 + bytes[p]! - ZERO;
    for (let digits = p - fraction; digits < 3; digits++) ms *= 10;
  }
  let offsetMinutes = 0;
  let plain = true;
  if (bytes[p] !== 0x5a) {
    const hours = numberAt(bytes, p + 1, 2);
    const minutes = numberAt(bytes, p + 4, 2);
    plain = hours <= 23 && minutes <= 59;
    offsetMinutes = (bytes[p] === 0x2d ? -1 : 1) * (hours * 60 + minutes);
  }
  const year = numberAt(bytes, s, 4);
  const month = numberAt(bytes, s + 5, 2);
  const day = numberAt(bytes, s + 8, 2);
  const hour = numberAt(bytes, s + 11, 2);
  const minute = numberAt(bytes, s + 14, 2);
  const second = numberAt(bytes, s + 17, 2);
  // Date.UTC reads years 0–99 as 1900–1999.
  plain &&= year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 28 && hour <= 23 && minute <= 59 && second <= 59;
  if (!plain) return usageInstantMs(bytes.toString('latin1', s, end));
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
};

/** Appends field `f`'s bytes (or `none` when absent) and a separator. */
const put = (out: Buffer, at: number, bytes: Buffer, f: number, none: Buffer | null, separator: number): number => {
  let p = at;
  if (none !== null && absent(f)) for (let i = 0; i < none.length; i++) out[p++] = none[i]!;
  else for (let i = starts[f]!; i < ends[f]!; i++) out[p++] = bytes[i]!;
  out[p++] = separator;
  return p;
};

const putBytes = (out: Buffer, at: number, word: Buffer, separator: number): number => {
  let p = at;
  for (let i = 0; i < word.length; i++) out[p++] = word[i]!;
  out[p++] = separator;
  return p;
};

const ZERO_TEXT = Buffer.from('0', 'latin1');
const EMPTY = Buffer.alloc(0);

/**
 * Writes the record of the line `bytes[start, end)` into the chunk and answers true, when the line is one
 * the quick reading takes and the rule accepts; false (nothing written) leaves the line to the rule.
 */
export const addNdjsonRecord = (bytes: Buffer, start: number, end: number, line: number, chunk: ChunkBuffers): boolean => {
  if (!scan(bytes, start, end)) return false;
  const startedAt = acceptedStart(bytes);
  if (Number.isNaN(startedAt)) return false;
  const { tails, refs } = chunk;
  // The row holds the line's fields but its keys and quotes, and a few words of its own.
  tails.reserve(end - start + 32);
  const row = tails.buffer;
  let p = put(row, tails.length, bytes, RECORD_ID, null, TAB);
  p = put(row, p, bytes, KIND, null, TAB);
  p = put(row, p, bytes, STARTED_AT, null, TAB);
  p = put(row, p, bytes, FROM, null, TAB);
  p = put(row, p, bytes, TO, NULL_TEXT, TAB);
  p = put(row, p, bytes, DURATION, ZERO_TEXT, TAB);
  p = put(row, p, bytes, DATA_KB, ZERO_TEXT, TAB);
  p = put(row, p, bytes, DESCRIPTION, null, TAB);
  p = put(row, p, bytes, AMOUNT, null, TAB);
  p = absent(RATING_CLASS)
    ? putBytes(row, p, NULL_TEXT, TAB)
    : putBytes(row, p, CLASS_DIGITS[indexOf(bytes, starts[RATING_CLASS]!, ends[RATING_CLASS]!, CLASSES)]!, TAB);
  p = put(row, p, bytes, DIRECTION, null, 0x0a);
  tails.length = p;
  refs.reserve(3 * USAGE_BATCH_TEXT_MAX + 3);
  const ref = refs.buffer;
  p = put(ref, refs.length, bytes, ACCOUNT, null, TAB);
  p = put(ref, p, bytes, INVOICE, EMPTY, TAB);
  p = put(ref, p, bytes, RECORD_ID, null, 0x0a);
  refs.length = p;
  chunk.ended(line, startedAt);
  return true;
};
