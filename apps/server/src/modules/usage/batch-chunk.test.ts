import { describe, expect, it } from 'vitest';
import { usageBatchRecord } from '@portal/contract/test-support/usage-batch';
import { ChunkBuffers, cdrRowTail, readChunk, type BatchItem } from './batch-chunk';

const record = usageBatchRecord;

const itemsOf = (items: BatchItem[]): AsyncIterator<BatchItem> => (async function* () {
  yield* items;
})();

describe('cdrRowTail', () => {
  it.each([
    { change: {}, tail: 'R-1\tvoice\t2026-11-03T09:15:00-05:00\t+14165550100\t+14165550199\t125\t0\tCall to Toronto, ON\t0.2500\t\\N\toutgoing\n' },
    { change: { recordId: 'a\\b', description: 'C:\\x' }, tail: 'a\\\\b\tvoice\t2026-11-03T09:15:00-05:00\t+14165550100\t+14165550199\t125\t0\tC:\\\\x\t0.2500\t\\N\toutgoing\n' },
    { change: { kind: 'data', toNumber: null, durationSeconds: 0, dataKb: 2048, usageClass: 4 }, tail: 'R-1\tdata\t2026-11-03T09:15:00-05:00\t+14165550100\t\\N\t0\t2048\tCall to Toronto, ON\t0.2500\t4\toutgoing\n' },
  ] as const)('writes $change in COPY text format', ({ change, tail }) => {
    expect(cdrRowTail(record(change))).toBe(tail);
  });
});

describe('readChunk', () => {
  it('keeps each record’s line, start, refs and row apart, and the refused lines', async () => {
    const buffers = new ChunkBuffers(10);
    const chunk = await readChunk(
      itemsOf([
        { line: 1, record: record() },
        { line: 2, error: 'not valid JSON' },
        { line: 4, record: record({ recordId: 'R-é', accountExternalId: 'ACC-2', invoiceExternalId: 'INV-9', startedAt: '2026-11-04T00:00:00.250Z' }) },
      ]),
      buffers,
    );
    expect(chunk).not.toBeNull();
    expect(chunk!.records).toBe(2);
    expect(chunk!.rejected).toEqual([{ line: 2, error: 'not valid JSON' }]);
    expect([...chunk!.lines]).toEqual([1, 4]);
    expect([...chunk!.startedAt]).toEqual([Date.parse('2026-11-03T14:15:00Z'), Date.parse('2026-11-04T00:00:00.250Z')]);
    expect(chunk!.refs.toString('utf8')).toBe('ACC-1\t\tR-1\nACC-2\tINV-9\tR-é\n');
    const first = cdrRowTail(record());
    expect(chunk!.tails.subarray(0, chunk!.ends[0]).toString('utf8')).toBe(first);
    expect(chunk!.tails.subarray(chunk!.ends[0], chunk!.ends[1]).toString('utf8')).toBe(cdrRowTail(record({ recordId: 'R-é', startedAt: '2026-11-04T00:00:00.250Z' })));
  });

  it('stops at the chunk size, goes on from there, and answers null at the end', async () => {
    const items = itemsOf(Array.from({ length: 5 }, (_, i) => ({ line: i + 1, record: record({ recordId: `R-${i}` }) })));
    const buffers = new ChunkBuffers(3);
    expect((await readChunk(items, buffers))!.records).toBe(3);
    const second = await readChunk(items, buffers);
    expect([...second!.lines]).toEqual([4, 5]);
    expect(second!.refs.toString('utf8')).toBe('ACC-1\t\tR-3\nACC-1\t\tR-4\n');
    expect(await readChunk(items, buffers)).toBeNull();
  });

  it('grows its buffers past their first size without losing a byte', async () => {
    const long = 'x'.repeat(190);
    const items = itemsOf(Array.from({ length: 1000 }, (_, i) => ({ line: i + 1, record: record({ recordId: `R-${i}`, description: long }) })));
    const chunk = await readChunk(items, new ChunkBuffers(1000));
    expect(chunk!.tails.length).toBeGreaterThan(64 * 1024);
    expect(chunk!.tails.subarray(chunk!.ends[998], chunk!.ends[999]).toString('utf8')).toBe(cdrRowTail(record({ recordId: 'R-999', description: long })));
  });
});
