import { describe, expect, it } from 'vitest';
import { checkUsageBatchRecord, usageInstantMs } from '@portal/contract';
import { usageBatchInput } from '@portal/contract/test-support/usage-batch';
import { ChunkBuffers } from './batch-chunk';
import { addNdjsonRecord } from './ndjson-record';

/** What the quick reading writes for a line, or null when it leaves the line to the rule. */
const quick = (line: string) => {
  const buffers = new ChunkBuffers(1);
  buffers.start();
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  if (!addNdjsonRecord(bytes, 0, bytes.length - 1, 7, buffers)) return null;
  const chunk = buffers.chunk();
  return { line: chunk.lines[0], startedAt: chunk.startedAt[0], tail: chunk.tails.toString('utf8'), refs: chunk.refs.toString('utf8') };
};

/** What the rule makes of the same line: written as the rule's record is, or null when it refuses the line. */
const ruled = (line: string) => {
  let fields: unknown;
  try {
    fields = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
  const { record } = checkUsageBatchRecord(fields as Record<string, unknown>);
  if (!record) return null;
  const buffers = new ChunkBuffers(1);
  buffers.start();
  buffers.add(7, record);
  const chunk = buffers.chunk();
  return { line: chunk.lines[0], startedAt: chunk.startedAt[0], tail: chunk.tails.toString('utf8'), refs: chunk.refs.toString('utf8') };
};

const lineOf = (change: Record<string, unknown> = {}) => JSON.stringify({ ...usageBatchInput, ...change });

describe('addNdjsonRecord', () => {
  it.each([
    { name: 'a call', line: lineOf() },
    { name: 'a data session without a number', line: lineOf({ kind: 'data', toNumber: null, durationSeconds: 0, dataKb: 2048 }) },
    { name: 'absent counts and an empty toNumber of data', line: lineOf({ kind: 'data', toNumber: '', durationSeconds: undefined, dataKb: null }) },
    { name: 'a billed, rated record', line: lineOf({ invoiceExternalId: 'INV-9', ratingClass: 'RoamingData' }) },
    { name: 'empty optional ids', line: lineOf({ invoiceExternalId: '', ratingClass: null }) },
    { name: 'milliseconds in UTC', line: lineOf({ startedAt: '2026-11-04T00:00:00.250Z' }) },
    { name: 'microseconds, dropped', line: lineOf({ startedAt: '2026-11-04T23:59:59.999999+14:00' }) },
    { name: 'a tenth of a second', line: lineOf({ startedAt: '2026-11-04T12:00:00.5-03:30' }) },
    { name: 'the 31st, which Date.parse reads', line: lineOf({ startedAt: '2026-12-31T23:59:59Z' }) },
    { name: 'a year before 1000', line: lineOf({ startedAt: '0099-01-01T00:00:00Z' }) },
    { name: 'the largest counts', line: lineOf({ durationSeconds: 2147483647, dataKb: 0 }) },
    { name: 'spaces and tabs between tokens', line: ` ${JSON.stringify(usageBatchInput, null, '\t').replaceAll('\n', ' ')}\t\r` },
    { name: 'the longest ids and description', line: lineOf({ recordId: 'r'.repeat(64), accountExternalId: 'A'.repeat(64), description: `${'d'.repeat(199)} ` }) },
  ])('takes $name as the rule does', ({ line }) => {
    const expected = ruled(line);
    expect(expected).not.toBeNull();
    expect(quick(line)).toEqual(expected);
  });

  it.each([
    { name: 'an escape', line: lineOf({ description: 'C:\\x' }) },
    { name: 'a character beyond ASCII', line: lineOf({ description: 'Appel à Montréal' }) },
    { name: 'an unknown field', line: lineOf({ colour: 'red' }) },
    { name: 'a field twice', line: `${lineOf().slice(0, -1)},"amount":"1.00"}` },
    { name: 'a count as text', line: lineOf({ durationSeconds: '125' }) },
    { name: 'a count with a fraction', line: lineOf({ durationSeconds: 125.0 }).replace('125', '125.0') },
    { name: 'a count with an exponent', line: lineOf().replace('"durationSeconds":125', '"durationSeconds":1e2') },
    { name: 'a BOM', line: `\uFEFF${lineOf()}` },
  ])('leaves $name to the rule', ({ line }) => {
    expect(quick(line)).toBeNull();
  });

  it.each([
    { name: 'not JSON', line: '{"recordId":' },
    { name: 'an array', line: '[1]' },
    { name: 'an empty object', line: '{}' },
    { name: 'trailing text', line: `${lineOf()} x` },
    { name: 'a missing required field', line: lineOf({ amount: undefined }) },
    { name: 'a number where text is due', line: lineOf({ recordId: 12 }) },
    { name: 'a space in an id', line: lineOf({ accountExternalId: 'ACC 1' }) },
    { name: 'a slash in an id', line: lineOf({ invoiceExternalId: 'INV/9' }) },
    { name: 'an id too long', line: lineOf({ recordId: 'r'.repeat(65) }) },
    { name: 'a description too long', line: lineOf({ description: 'd'.repeat(201) }) },
    { name: 'a blank description', line: lineOf({ description: '   ' }) },
    { name: 'a control character', line: lineOf({ description: 'a\u0001b' }) },
    { name: 'DEL', line: lineOf({ description: 'a\u007fb' }) },
    { name: 'month 13', line: lineOf({ startedAt: '2026-13-01T00:00:00Z' }) },
    { name: 'hour 24 past midnight', line: lineOf({ startedAt: '2026-01-01T24:00:01Z' }) },
    { name: 'an offset of 24 hours', line: lineOf({ startedAt: '2026-01-01T00:00:00+24:00' }) },
    { name: 'no offset', line: lineOf({ startedAt: '2026-01-01T00:00:00' }) },
    { name: 'seven decimals of a second', line: lineOf({ startedAt: '2026-01-01T00:00:00.1234567Z' }) },
    { name: 'an unknown kind', line: lineOf({ kind: 'fax' }) },
    { name: 'an unknown direction', line: lineOf({ direction: 'sideways' }) },
    { name: 'a number without +', line: lineOf({ fromNumber: '14165550100' }) },
    { name: 'a number from 0', line: lineOf({ toNumber: '+04165550100' }) },
    { name: 'a number too long', line: lineOf({ toNumber: '+1416555010012345' }) },
    { name: 'a call without toNumber', line: lineOf({ toNumber: null }) },
    { name: 'a count too large', line: lineOf({ dataKb: 2147483648 }) },
    { name: 'a negative count', line: lineOf({ durationSeconds: -1 }) },
    { name: 'a leading zero', line: lineOf().replace('"durationSeconds":125', '"durationSeconds":0125') },
    { name: 'five decimals of an amount', line: lineOf({ amount: '0.25001' }) },
    { name: 'an amount as a number', line: lineOf({ amount: 0.25 }) },
    { name: 'an amount without decimals after its point', line: lineOf({ amount: '1.' }) },
    { name: 'an unknown rating class', line: lineOf({ ratingClass: 'Roaming' }) },
    { name: 'the 30th of February, which Date.parse rolls over', line: lineOf({ startedAt: '2026-02-30T10:00:00Z' }) },
    { name: 'midnight as 24:00', line: lineOf({ startedAt: '2026-01-01T24:00:00Z' }) },
  ])('leaves $name to the rule, which refuses it', ({ line }) => {
    expect(ruled(line)).toBeNull();
    expect(quick(line)).toBeNull();
  });

  it('takes only what the rule takes, as the rule writes it, over thousands of altered lines', () => {
    // A seeded generator: the same lines every run.
    let seed = 52;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = ' "\\,:{}0123456789+-.TZaenul/\t\u00e9';
    const base = lineOf({ startedAt: '2026-11-03T09:15:00.125-05:00', invoiceExternalId: 'INV-9', ratingClass: 'CrossBorder' });
    let taken = 0;
    for (let n = 0; n < 20_000; n++) {
      const chars = [...base];
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(chars.length);
        const edit = random(3);
        if (edit === 0) chars.splice(at, 1);
        else if (edit === 1) chars.splice(at, 0, alphabet[random(alphabet.length)]!);
        else chars[at] = alphabet[random(alphabet.length)]!;
      }
      const line = chars.join('');
      const result = quick(line);
      if (result === null) continue;
      taken += 1;
      expect({ line, result }).toEqual({ line, result: ruled(line) });
    }
    // Enough edits leave a valid record (a digit for a digit, a letter in a description) to compare both on many.
    expect(taken).toBeGreaterThan(1_000);
  });

  it('reads instants to the millisecond as the rule does', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (let n = 0; n < 5_000; n++) {
      const fraction = ['', `.${random(10)}`, `.${String(random(1000)).padStart(3, '0')}`, `.${String(random(1_000_000)).padStart(6, '0')}`][random(4)];
      const zone = random(3) === 0 ? 'Z' : `${random(2) === 0 ? '+' : '-'}${two(random(25))}:${two(random(61))}`;
      const startedAt = `${String(random(10_000)).padStart(4, '0')}-${two(random(14))}-${two(random(33))}T${two(random(26))}:${two(random(61))}:${two(random(61))}${fraction}${zone}`;
      const line = lineOf({ startedAt });
      const result = quick(line);
      const ms = usageInstantMs(startedAt);
      expect({ startedAt, at: result?.startedAt ?? null }).toEqual({ startedAt, at: Number.isNaN(ms) ? null : ms });
    }
  });
});
