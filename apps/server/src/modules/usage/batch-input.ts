/**
 * A usage batch's body, read as it arrives: decompressed when gzip, hashed, split into records
 * (NDJSON lines, or CSV rows under a header) each checked by the contract's record rule, chunk by
 * chunk. Nothing is buffered beyond a chunk: reading pulls from the request, so a slow database
 * slows the upload rather than filling memory.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { USAGE_BATCH_FIELDS, USAGE_BATCH_REQUIRED, checkUsageBatchRecord } from '@portal/contract';
import { HttpError, badRequest } from '../../errors';
import { readChunk, type BatchChunk, type BatchItem, type ChunkBuffers } from './batch-chunk';
import { addNdjsonRecord } from './ndjson-record';

export type BatchFormat = 'ndjson' | 'csv';

/** The body's format from its media type (parameters such as charset ignored); null when neither. */
export const batchFormatOf = (contentType: string | undefined): BatchFormat | null => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-ndjson' || type === 'application/jsonl') return 'ndjson';
  if (type === 'text/csv') return 'csv';
  return null;
};

export const unsupportedBatch = () =>
  new HttpError(415, 'Send the records as application/x-ndjson or text/csv (optionally with Content-Encoding: gzip).');

export interface BatchBody {
  /** The next chunk of records, read into `buffers` (null once there are none); one read at a time. */
  read(buffers: ChunkBuffers): Promise<BatchChunk | null>;
  /** sha256 (hex) of the decoded body, once `read` (or `drain`) has read it all. */
  hash(): string;
  /** Reads the rest without checking it (for the hash). */
  drain(): Promise<void>;
}

const hashing = (hash: Hash) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

const ignore = () => undefined;

const notUtf8 = () => badRequest('The body is not valid UTF-8.');

const NEWLINE = 0x0a;
// Records read between two turns of the event loop, so that the COPY of the chunk before keeps flowing.
const RECORDS_PER_TURN = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * NDJSON records, chunk by chunk, from the body's bytes: each line is read by `addNdjsonRecord` when it can,
 * else decoded and checked by JSON.parse and the record rule. A line never splits a UTF-8 character, so
 * decoding line by line accepts and refuses what decoding the whole body would.
 */
class NdjsonChunks {
  private bytes: Buffer = Buffer.alloc(0);
  private at = 0;
  /** A line's beginning from earlier parts of the body, while its end has not arrived. */
  private partial: Buffer[] = [];
  private ended = false;
  private line = 0;
  // The body's first line may begin with a byte order mark, which decoding drops; anywhere else it is a character.
  private readonly first = new TextDecoder('utf-8', { fatal: true });
  private readonly rest = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  constructor(private readonly parts: AsyncIterator<Buffer>) {}

  async read(buffers: ChunkBuffers): Promise<BatchChunk | null> {
    buffers.start();
    let turn = 0;
    while (buffers.items < buffers.size) {
      const newline = this.bytes.indexOf(NEWLINE, this.at);
      if (newline >= 0) {
        if (this.partial.length > 0) {
          const line = Buffer.concat([...this.partial, this.bytes.subarray(0, newline)]);
          this.partial = [];
          this.add(line, 0, line.length, buffers);
        } else this.add(this.bytes, this.at, newline, buffers);
        this.at = newline + 1;
        if (buffers.records >= turn + RECORDS_PER_TURN) {
          turn = buffers.records;
          await nextTurn();
        }
        continue;
      }
      if (this.at < this.bytes.length) this.partial.push(this.bytes.subarray(this.at));
      this.bytes = Buffer.alloc(0);
      this.at = 0;
      if (this.ended) break;
      const next = await this.parts.next();
      if (next.done) {
        this.ended = true;
        const last = Buffer.concat(this.partial);
        this.partial = [];
        this.add(last, 0, last.length, buffers);
        break;
      }
      this.bytes = next.value;
    }
    return buffers.items === 0 ? null : buffers.chunk();
  }

  /** Line `bytes[start, end)` (its newline, if any, at `end`) into the chunk: a record, a refused line, or nothing when blank. */
  private add(bytes: Buffer, start: number, end: number, buffers: ChunkBuffers): void {
    this.line += 1;
    if (addNdjsonRecord(bytes, start, end, this.line, buffers)) return;
    let text: string;
    try {
      text = (this.line === 1 ? this.first : this.rest).decode(bytes.subarray(start, end));
    } catch {
      throw notUtf8();
    }
    const item = ndjsonItem(text, this.line);
    if (!item) return;
    if (item.record) buffers.add(item.line, item.record);
    else buffers.reject(item.line, item.error);
  }
}

/** What the rule makes of one line (null when blank). */
const ndjsonItem = (text: string, line: number): BatchItem | null => {
  const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (trimmed.trim() === '') return null;
  let fields: unknown;
  try {
    fields = JSON.parse(trimmed);
  } catch {
    return { line, error: 'not valid JSON' };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return { line, error: 'a record must be a JSON object' };
  const checked = checkUsageBatchRecord(fields as Record<string, unknown>);
  return checked.record ? { line, record: checked.record } : { line, error: checked.error };
};

const KNOWN_FIELDS: ReadonlySet<string> = new Set(USAGE_BATCH_FIELDS);

/** What is wrong with a CSV header row, or null. */
export const csvHeaderProblem = (header: readonly string[]): string | null => {
  const unknown = header.filter((name) => !KNOWN_FIELDS.has(name));
  if (unknown.length > 0) return `unknown column ${unknown.map((n) => `'${n}'`).join(', ')} (columns: ${USAGE_BATCH_FIELDS.join(', ')})`;
  const missing = USAGE_BATCH_REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) return `missing column ${missing.join(', ')}`;
  if (new Set(header).size !== header.length) return 'a column is named twice';
  return null;
};

async function* csvItems(decoded: Readable): AsyncGenerator<BatchItem> {
  // Loaded by the first CSV batch: an instance that is sent none never holds the parser.
  const { parse } = await import('csv-parse');
  const pending: BatchItem[] = [];
  let headerProblem: string | null = null;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      headerProblem = csvHeaderProblem(header);
      return header;
    },
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
  });
  // A row csv-parse cannot read (wrong column count, bad quoting) is that row's error; the rest go on.
  parser.on('skip', (error: Error & { lines?: number }) => pending.push({ line: error.lines ?? 0, error: error.message }));
  const rows = pipeline(decoded, parser, ignore) as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>;
  for await (const { record, info } of rows) {
    while (pending.length > 0) yield pending.shift()!;
    if (headerProblem) {
      yield { line: 1, error: headerProblem };
      // The other rows would only repeat what the header says.
      for await (const _ of rows) void _;
      return;
    }
    const checked = checkUsageBatchRecord(record);
    yield checked.record ? { line: info.lines, record: checked.record } : { line: info.lines, error: checked.error };
  }
  while (pending.length > 0) yield pending.shift()!;
  if (headerProblem) yield { line: 1, error: headerProblem };
}

/** The body of a batch request as records; `encoding` is its Content-Encoding. */
export const readBatchBody = (body: Readable, format: BatchFormat, encoding: string | undefined): BatchBody => {
  const coding = encoding?.trim().toLowerCase() || 'identity';
  if (coding !== 'identity' && coding !== 'gzip') throw unsupportedBatch();
  const hash = createHash('sha256');
  // pipeline destroys the last stream with any stage's error: a corrupt gzip stream fails the iteration.
  const decoded: Readable =
    coding === 'gzip' ? pipeline(body, createGunzip(), hashing(hash), ignore) : pipeline(body, hashing(hash), ignore);
  let read: (buffers: ChunkBuffers) => Promise<BatchChunk | null>;
  if (format === 'csv') {
    const items = csvItems(decoded);
    read = (buffers) => readChunk(items, buffers);
  } else {
    const chunks = new NdjsonChunks(decoded[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
    read = (buffers) => chunks.read(buffers);
  }
  let digest: string | null = null;
  return {
    read: async (buffers) => {
      try {
        return await read(buffers);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as { code?: string }).code?.startsWith('Z_')) throw badRequest('The body is not valid gzip.');
        throw error;
      }
    },
    hash: () => (digest ??= hash.digest('hex')),
    drain: async () => {
      for await (const _ of decoded) void _;
    },
  };
};
