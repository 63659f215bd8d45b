/**
 * How every streamed export is sent (the invoice CDRs, the usage explorer's CSV): under the one export
 * budget, metered against the floor rate, its slot held until the export's stream closes.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportBudgetOf, type ExportBudget, type ExportOwner } from './export-budget';
import { meteredDownload, type FloorRate } from './export-floor-rate';

export interface ExportControls {
  budget: ExportBudget;
  floor: FloorRate;
}

/** The app's export budget (as many exports as the export pool has connections) and floor rate. */
export const exportControlsOf = (app: FastifyInstance): ExportControls => ({
  budget: exportBudgetOf(app.database, {
    overall: app.database.exportPool?.options.max ?? app.config.EXPORT_CONNECTIONS,
    perAccount: app.config.EXPORTS_PER_ACCOUNT,
    perUser: app.config.EXPORTS_PER_USER,
  }),
  floor: { bytesPerSecond: app.config.EXPORT_MIN_BYTES_PER_SECOND, windowMs: app.config.EXPORT_RATE_WINDOW_SECONDS * 1000 },
});

/** Takes a slot for the owner (429/503 with Retry-After when none is free), opens the export and sends it. */
export const sendExport = async (
  controls: ExportControls,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  owner: ExportOwner,
  open: () => Promise<Readable>,
): Promise<FastifyReply> => {
  const release = controls.budget.take(owner);
  try {
    const source = await open();
    source.once('close', release);
    const download = meteredDownload(source, controls.floor, (slow) =>
      request.log.warn(
        { accountId: String(owner.accountId), userId: owner.userId === null ? null : String(owner.userId), ...slow },
        'export ended: the client took it slower than the floor rate',
      ),
    );
    return reply.send(download);
  } catch (error) {
    release();
    throw error;
  }
};
