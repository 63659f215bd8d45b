/**
 * A usage batch's body, read as it arrives: decompressed when gzip, hashed, split into records
 * (NDJSON lines, or CSV rows under a header) each checked by the contract's record rule. Nothing
 * is buffered beyond a chunk: the async iteration pulls from the request, so a slow database slows
 * the upload rather than filling memory.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { USAGE_BATCH_FIELDS, USAGE_BATCH_REQUIRED, checkUsageBatchRecord, type UsageBatchRecord } from '@portal/contract';
import { HttpError, badRequest } from '../../errors';

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

/** One record of the body: valid, or what is wrong with it; `line` numbers the body's lines from 1. */
export type BatchItem = { line: number; record: UsageBatchRecord; error?: undefined } | { line: number; error: string; record?: undefined };

export interface BatchBody {
  items: AsyncIterable<BatchItem>;
  /** sha256 (hex) of the decoded body, once `items` (or `drain`) has read it all. */
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

async function* ndjsonItems(decoded: Readable): AsyncGenerator<BatchItem> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let line = 0;
  const itemOf = (text: string): BatchItem | null => {
    line += 1;
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
  for await (const chunk of decoded as AsyncIterable<Buffer>) {
    let text: string;
    try {
      text = rest + decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8();
    }
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const item = itemOf(text.slice(start, end));
      start = end + 1;
      if (item) yield item;
    }
    rest = text.slice(start);
  }
  try {
    rest += decoder.decode();
  } catch {
    throw notUtf8();
  }
  const last = itemOf(rest);
  if (last) yield last;
}

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
  const items = format === 'csv' ? csvItems(decoded) : ndjsonItems(decoded);
  let digest: string | null = null;
  return {
    items: (async function* () {
      try {
        yield* items;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as { code?: string }).code?.startsWith('Z_')) throw badRequest('The body is not valid gzip.');
        throw error;
      }
    })(),
    hash: () => (digest ??= hash.digest('hex')),
    drain: async () => {
      for await (const _ of decoded) void _;
    },
  };
};
