/**
 * A chunk of a usage batch as the server holds it (docs/decisions/0024-usage-batches-copied-into-cdrs.md):
 * each record's COPY row (but the ids only the database can resolve), its provider ids, line and start,
 * in buffers and typed arrays reused chunk after chunk.
 */
import type { UsageBatchRecord } from '@portal/contract';

export interface Rejected {
  line: number;
  error: string;
}

/**
 * Records per chunk: two chunks (the one loading, the one being parsed) are all the server holds of a
 * batch, and the per-chunk statements cost little beside the COPY.
 */
export const CHUNK_RECORDS = 20_000;

// Text format: the rule refuses tabs, line breaks and control characters, so only backslashes need escaping.
const text = (value: string) => (value.includes('\\') ? value.replaceAll('\\', '\\\\') : value);
const nullable = (value: string | null) => (value === null ? '\\N' : text(value));

/** A record's columns after `account_id` and `invoice_id` (which only the database can resolve), in COPY's text format. */
export const cdrRowTail = (r: UsageBatchRecord): string =>
  `${text(r.recordId)}\t${r.kind}\t${r.startedAt}\t${r.fromNumber}\t${nullable(r.toNumber)}\t${r.durationSeconds}\t${r.dataKb}\t${text(r.description)}\t${r.amount}\t${r.usageClass === null ? '\\N' : r.usageClass}\t${r.direction}\n`;

/**
 * Text written into one growing Buffer, reused chunk after chunk: a chunk's rows live outside the
 * JavaScript heap, not as strings the collector must move, and a batch allocates no memory per chunk.
 */
export class RowWriter {
  /** Where `reserve` lets a writer put bytes directly, from `length` on. */
  buffer: Buffer;
  length = 0;
  constructor(size = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(size);
  }
  /** Starts over; what `bytes()` answered before is overwritten. */
  reset(): void {
    this.length = 0;
  }
  write(value: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(value.length * 3);
    this.length += this.buffer.write(value, this.length);
  }
  copy(from: Buffer, start: number, end: number): void {
    this.reserve(end - start);
    this.length += from.copy(this.buffer, this.length, start, end);
  }
  /** Short bytes, copied one by one (cheaper than a native copy for a few). */
  put(bytes: Buffer): void {
    this.reserve(bytes.length);
    const { buffer } = this;
    let at = this.length;
    for (let i = 0; i < bytes.length; i++) buffer[at++] = bytes[i]!;
    this.length = at;
  }
  /** Makes room for `bytes` more bytes after `length`. */
  reserve(bytes: number): void {
    if (this.buffer.length - this.length < bytes) this.grow(bytes);
  }
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
  private grow(needed: number): void {
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + needed));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }
}

/** A chunk's valid records, column by column (views of its `ChunkBuffers`), and its refused lines. */
export interface BatchChunk {
  records: number;
  /** Its lines the record rule refused. */
  rejected: Rejected[];
  lines: Uint32Array;
  startedAt: Float64Array;
  ends: Uint32Array;
  tails: Buffer;
  refs: Buffer;
}

/**
 * Where a chunk is read into, reused chunk after chunk. Everything a chunk keeps while the next
 * items are awaited lives outside the JavaScript heap: strings held that long would each outlive
 * the young generation and pile up in the old one until a full collection.
 */
export class ChunkBuffers {
  /** The records' `cdrRowTail`s, one after another. */
  readonly tails = new RowWriter();
  /** Each record's `accountExternalId`, `invoiceExternalId` ('' for none) and `recordId`, a tab between, a line each. */
  readonly refs = new RowWriter();
  readonly lines: Uint32Array;
  /** Each record's start, in ms since the epoch. */
  readonly startedAt: Float64Array;
  /** Where each record's tail ends in `tails`. */
  readonly ends: Uint32Array;
  /** Records written since `start()`. */
  records = 0;
  rejected: Rejected[] = [];
  constructor(readonly size = CHUNK_RECORDS) {
    this.lines = new Uint32Array(size);
    this.startedAt = new Float64Array(size);
    this.ends = new Uint32Array(size);
  }
  /** Starts a chunk; what `chunk()` answered before is overwritten. */
  start(): void {
    this.tails.reset();
    this.refs.reset();
    this.records = 0;
    this.rejected = [];
  }
  /** Records and refused lines so far. */
  get items(): number {
    return this.records + this.rejected.length;
  }
  /** Ends the record whose tail and refs were written last, started at `startedAt` (ms). */
  ended(line: number, startedAt: number): void {
    this.lines[this.records] = line;
    this.startedAt[this.records] = startedAt;
    this.ends[this.records] = this.tails.length;
    this.records += 1;
  }
  add(line: number, record: UsageBatchRecord): void {
    this.refs.write(`${record.accountExternalId}\t${record.invoiceExternalId ?? ''}\t${record.recordId}\n`);
    this.tails.write(cdrRowTail(record));
    this.ended(line, Date.parse(record.startedAt));
  }
  reject(line: number, error: string): void {
    this.rejected.push({ line, error });
  }
  chunk(): BatchChunk {
    const { records } = this;
    return {
      records,
      rejected: this.rejected,
      lines: this.lines.subarray(0, records),
      startedAt: this.startedAt.subarray(0, records),
      ends: this.ends.subarray(0, records),
      tails: this.tails.bytes(),
      refs: this.refs.bytes(),
    };
  }
}

/** One record of a body: valid, or what is wrong with it. */
export type BatchItem = { line: number; record: UsageBatchRecord; error?: undefined } | { line: number; error: string; record?: undefined };

/** The next chunk of items (null once there are none), each kept to `buffers.size` lines. */
export const readChunk = async (items: AsyncIterator<BatchItem>, buffers: ChunkBuffers): Promise<BatchChunk | null> => {
  buffers.start();
  while (buffers.items < buffers.size) {
    const next = await items.next();
    if (next.done) break;
    const { line, record } = next.value;
    if (record) buffers.add(line, record);
    else buffers.reject(line, next.value.error);
  }
  return buffers.items === 0 ? null : buffers.chunk();
};
