/**
 * The provider API's usage (`/p/v1/usage/batches/{batchId}`): rated call detail records in bulk,
 * streamed from the request into the database, all or nothing.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USAGE_BATCH_MAX_REJECTED, endpoints, type UsageBatchResult } from '@portal/contract';
import type { Database } from '../../db/client';
import { usageBatches } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { clientOf, type ClientCaller } from '../../http/client-caller';
import { depsOf, type Deps } from '../../http/deps';
import { route } from '../../http/route';
import { clientActor, recordEvents } from '../../lib/events';
import { decideUsageAlerts } from './alerts';
import { batchFormatOf, readBatchBody, unsupportedBatch, type BatchBody } from './batch-input';
import { ChunkBuffers, type Rejected } from './batch-chunk';
import { AUDIT, ChunkLoader, RecordsRaced, SAVE_BATCH, firstRejected, inBatchTransaction, resultOf, type StoredBatch } from './batch-load';

export class BatchRejected extends HttpError {
  constructor(readonly rejected: Rejected[]) {
    super(422, 'The batch has bad lines: nothing was loaded.');
  }
}

// Other transactions kept committing these record ids into the accounts while this batch was loading.
const collided = () =>
  conflict('Another batch was loading some of these records at the same time: nothing was loaded. Send the batch again; records loaded since count as duplicates.');

const changedBody = () => conflict('This batch id was loaded with another body: a batch cannot change. Send new records under a new batch id.');

/** A batch id loaded before: its first answer again for the same body, 409 for another. */
const replay = (stored: StoredBatch, bodyHash: string): UsageBatchResult => {
  if (stored.bodyHash !== bodyHash) throw changedBody();
  return resultOf(stored);
};

const findBatch = async (database: Database, batchId: string): Promise<StoredBatch | undefined> => {
  const [row] = await database.db
    .select({ bodyHash: usageBatches.bodyHash, loaded: usageBatches.loaded, duplicates: usageBatches.duplicates })
    .from(usageBatches)
    .where(eq(usageBatches.id, batchId));
  return row;
};

type Outcome = { empty: true } | { rejected: Rejected[] } | { raced: true } | { result: UsageBatchResult };

export const loadUsageBatch = async (
  { database, clock, outbox }: Pick<Deps, 'database' | 'clock' | 'outbox'>,
  client: ClientCaller,
  batchId: string,
  body: BatchBody,
): Promise<UsageBatchResult> => {
  const before = await findBatch(database, batchId);
  if (before) {
    await body.drain();
    return replay(before, body.hash());
  }
  const outcome = await inBatchTransaction<Outcome>(database, async (tx) => {
    const loader = new ChunkLoader(tx);
    let rejected: Rejected[] = [];
    let records = 0;
    // Two chunks at a time: the one loading and the one being parsed, each written into its own buffer.
    const buffers = [new ChunkBuffers(), new ChunkBuffers()];
    let chunks = 0;
    const readAhead = () => {
      const chunk = body.read(buffers[chunks++ % 2]!);
      // Awaited below; until then a failure (a corrupt body) must not count as unhandled.
      chunk.catch(() => undefined);
      return chunk;
    };
    let next = readAhead();
    for (let chunk = await next; chunk; chunk = await next) {
      // The next chunk is parsed while this one is in the database.
      next = readAhead();
      records += chunk.records;
      // Enough bad lines are known: the rest is only read through.
      if (rejected.length >= USAGE_BATCH_MAX_REJECTED) continue;
      const { accountIds, invoiceIds, unresolved } = await loader.resolve(chunk);
      if (rejected.length === 0 && chunk.rejected.length === 0 && unresolved.length === 0) await loader.load(chunk, accountIds, invoiceIds);
      else rejected = firstRejected(rejected, firstRejected(chunk.rejected, unresolved));
    }
    if (rejected.length > 0) return { commit: false, value: { rejected } };
    if (records === 0) return { commit: false, value: { empty: true } };
    const tallies = [...loader.tallies];
    const loaded = tallies.reduce((sum, [, tally]) => sum + tally.loaded, 0);
    const counts = { loaded, duplicates: records - loaded };
    const clientId = client.apiClientId.toString();
    const receiving = tallies.filter(([, tally]) => tally.loaded > 0);
    await tx.query(AUDIT, [clientId, batchId, receiving.map(([id]) => id), receiving.map(([, tally]) => tally.loaded)]);
    const { rows: saved } = await tx.query(SAVE_BATCH, [batchId, clientId, body.hash(), counts.loaded, counts.duplicates]);
    // Another request loaded this batch id meanwhile: it stands, this one loads nothing.
    if (saved.length === 0) return { commit: false, value: { raced: true } };
    const at = clock.now();
    await recordEvents(
      tx.db,
      tallies.map(([accountId, tally]) => ({
        type: 'usage.batch_loaded',
        accountId: BigInt(accountId),
        actor: clientActor(client),
        data: { batchId, loaded: tally.loaded, duplicates: tally.duplicates, recordsFrom: new Date(tally.from).toISOString(), recordsTo: new Date(tally.to).toISOString() },
        at,
      })),
    );
    // In the batch's transaction: its alerts commit with its records, or neither does.
    await decideUsageAlerts({ db: tx.db, outbox }, receiving.map(([id]) => id), at, clientActor(client));
    return { commit: true, value: { result: resultOf(counts) } };
  }).catch((error: unknown) => {
    throw error instanceof RecordsRaced ? collided() : error;
  });
  if ('empty' in outcome) throw badRequest('The batch has no records.');
  if ('rejected' in outcome) throw new BatchRejected(outcome.rejected);
  if ('raced' in outcome) return replay((await findBatch(database, batchId))!, body.hash());
  return outcome.result;
};

/** An encapsulated plugin, so its body parser (the raw request stream, never buffered) applies to this route only. */
export const providerUsageRoutes = async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const deps = depsOf(app);
  route(app, endpoints.providerUsageBatch, async (request, reply) => {
    const format = batchFormatOf(request.headers['content-type']);
    if (!format) throw unsupportedBatch();
    // No parser runs for a body-less request: an empty stream stands in.
    const raw: unknown = request.body;
    const stream = raw instanceof Readable ? raw : Readable.from([]);
    const body = readBatchBody(stream, format, request.headers['content-encoding']);
    try {
      return await loadUsageBatch(deps, clientOf(request), request.params.batchId, body);
    } catch (error) {
      if (!(error instanceof BatchRejected)) throw error;
      return reply.status(422).send({ error: error.message, loaded: 0, duplicates: 0, rejected: error.rejected });
    }
  });
};
