/**
 * Rows of the endpoint table marked `cached: 'whileLedgerUnchanged'`. Their answers are cached as sent
 * (encoded once, compressed once per encoding a client asks for) with the ledger version of the account
 * they show. A request whose answer is cached reads that version alone, the caller's access folded in,
 * and is sent the cached bytes while it matches; otherwise the row's ordinary handler reads the value,
 * with the version in the same statement. Writes need only move the version (the database's triggers
 * do), so every instance stays exact.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import type { AnswerOf, Endpoint } from '@portal/contract';
import { findLedgerVersion } from '../lib/ledger';
import { createVersionedCache } from '../lib/versioned-cache';
import { sendEncodedAnswer, type EncodedAnswer } from '../plugins/compression';
import { encodeAnswer } from '../plugins/json';
import { callerOf } from '../lib/caller';
import { chooseReadReplica } from './read-routing';
import { registerEndpoint, type EndpointRequest } from './route';

/** The ledger an answer shows: an account's, or that of a Posted invoice's account. */
export type LedgerScope = { accountId: bigint } | { invoiceId: bigint };

/** A value as a handler read it, with the ledger version read with it. */
export interface Versioned<V> {
  value: V;
  /** Undefined when there is none (nothing the caller may see): then nothing is cached. */
  version: string | undefined;
  /** For what changes with the clock rather than with a write: whether the value still holds at `now`. */
  holdsAt?: (now: Date) => boolean;
}

/**
 * For an answer that is more than its value: made from the cached value again whenever the request's
 * variant differs from the one it was made for (links signed per minute), without reading the database.
 */
export interface Presenter<E extends Endpoint, V, C> {
  /** What the answer of this request depends on besides the value (e.g. the document links signed now). */
  context(request: EndpointRequest<E>): Promise<C>;
  variant(context: C): string | number;
  answer(value: V, context: C): AnswerOf<E>;
  /** What the cached value holds on the heap, roughly. */
  bytes(value: V): number;
}

interface Cached {
  answer: EncodedAnswer;
  holdsAt: ((now: Date) => boolean) | undefined;
  /** With a presenter: the value, and the variant the answer was made for. */
  value?: unknown;
  variant?: string | number;
  valueBytes: number;
}

/** What an entry costs beyond its bytes (Map entry, object, version text), rounded up. */
const ENTRY_BYTES = 200;

const answerBytes = (answer: EncodedAnswer): number =>
  answer.json.length + (answer.compressed.br?.length ?? 0) + (answer.compressed.gzip?.length ?? 0);

/** Cached answers within one memory budget, shared by the rows given it. */
export type LedgerAnswers = ReturnType<typeof createLedgerAnswers>;

export const createLedgerAnswers = ({ maxBytes, recordBytes }: { maxBytes: number; recordBytes: (bytes: number) => void }) => {
  const cache = createVersionedCache<Cached>({ maxBytes, sizeOf: (cached) => ENTRY_BYTES + cached.valueBytes + answerBytes(cached.answer) });
  return {
    cache,
    recordBytes: () => recordBytes(cache.bytes),
  };
};

export interface CachedRowOptions<E extends Endpoint, V> {
  answers: LedgerAnswers;
  /** The ledger this request's answer shows, and what else sets it apart; undefined: never cached (nor counted). */
  scope(request: EndpointRequest<E>): { of: LedgerScope; key?: string } | undefined;
  /** The ordinary handler: reads the value (and answers 404 and the like as any handler does). */
  read(request: EndpointRequest<E>, scope: LedgerScope | undefined): Promise<Versioned<V>>;
  /** Counts the answers of requests that may be cached, by where they came from ('kept': the metrics' label for the cache). */
  counted(source: 'kept' | 'database'): void;
  /**
   * The answer's JSON written directly (http/answer-writers.ts) instead of encoded through the schema;
   * outside production both are made and must be the same text.
   */
  write?: (answer: AnswerOf<E>) => string;
}

const scopeKey = (scope: LedgerScope): string => ('accountId' in scope ? `account ${scope.accountId}` : `invoice ${scope.invoiceId}`);

/**
 * How a row's answers become JSON: through its schema, or by its writer, which when `checked` must write
 * exactly what the schema encodes (else the answer fails, as one the schema refuses does).
 */
export const answerJson =
  (schema: $ZodType, what: string, write: ((answer: unknown) => string) | undefined, checked: boolean) =>
  (answer: unknown): string => {
    if (!write) return encodeAnswer(schema, answer, what);
    const written = write(answer);
    if (checked && written !== encodeAnswer(schema, answer, what)) throw new Error(`The writer of ${what} wrote other JSON than its schema encodes`);
    return written;
  };

/** Registers a cached row whose value is its answer. */
export function cachedRoute<E extends Endpoint>(app: FastifyInstance, row: E, options: CachedRowOptions<E, AnswerOf<E>>): void;
/** Registers a cached row whose answer is made from its value by `present`. */
export function cachedRoute<E extends Endpoint, V, C>(
  app: FastifyInstance,
  row: E,
  options: CachedRowOptions<E, V> & { present: Presenter<E, V, C> },
): void;
export function cachedRoute<E extends Endpoint, V, C>(
  app: FastifyInstance,
  row: E,
  options: CachedRowOptions<E, V> & { present?: Presenter<E, V, C> },
): void {
  if (row.cached !== 'whileLedgerUnchanged' || row.answer.kind !== 'json') throw new Error(`${row.method} ${row.path} is not a cached JSON row`);
  const { schema } = row.answer;
  const { answers, present, write } = options;
  const what = `${row.method} ${row.path}`;
  const json = answerJson(schema, what, write as ((answer: unknown) => string) | undefined, app.config.NODE_ENV !== 'production');
  const encode = (answer: unknown): EncodedAnswer => ({ json: json(answer), compressed: {} });
  // Without a presenter the value is the answer itself.
  const make = (value: V, context: C | undefined): unknown => (present ? present.answer(value, context as C) : value);

  registerEndpoint(app, row, async (request: EndpointRequest<E>, reply: FastifyReply) => {
    const scope = options.scope(request);
    const key = scope && `${row.name}\n${scopeKey(scope.of)}\n${scope.key ?? ''}`;
    const grew = () => {
      if (key === undefined) return;
      answers.cache.resize(key);
      answers.recordBytes();
    };
    if (key !== undefined && answers.cache.has(key)) {
      const now = app.clock.now();
      const version = await findLedgerVersion(app.db, callerOf(request), scope!.of);
      const cached = version === undefined ? undefined : answers.cache.get(key, version, now.getTime());
      if (cached && (!cached.holdsAt || cached.holdsAt(now))) {
        options.counted('kept');
        if (present) {
          const context = await present.context(request);
          const variant = present.variant(context);
          if (variant !== cached.variant) {
            cached.answer = encode(present.answer(cached.value as V, context));
            cached.variant = variant;
            grew();
          }
        }
        return sendEncodedAnswer(request, reply, cached.answer, grew);
      }
    }
    // Read afresh: from a replica if the row allows, its version read with it, while the version a kept
    // answer is checked against above is always the primary's (docs/decisions/0029-reads-from-replicas.md).
    if (row.reads === 'replica') await chooseReadReplica(app, request);
    const read = await options.read(request, scope?.of);
    const context = present ? await present.context(request) : undefined;
    const answer = encode(make(read.value, context));
    if (key === undefined) return sendEncodedAnswer(request, reply, answer, () => undefined);
    if (read.version !== undefined) {
      const entry: Cached = present
        ? { answer, holdsAt: read.holdsAt, value: read.value, variant: present.variant(context as C), valueBytes: present.bytes(read.value) }
        : { answer, holdsAt: read.holdsAt, valueBytes: 0 };
      answers.cache.set(key, read.version, entry, Infinity);
    }
    options.counted('database');
    answers.recordBytes();
    return sendEncodedAnswer(request, reply, answer, grew);
  });
}
