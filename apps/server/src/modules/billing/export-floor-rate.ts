/**
 * A floor rate for streamed exports. The idle timeout only ends a download nobody reads; a client that
 * takes a few hundred bytes every few seconds is never idle and would keep its export slot (and its
 * database connection) for hours. A download the client takes slower than the floor over a whole
 * window is ended.
 */
import { pipeline, Transform, type Readable } from 'node:stream';

export interface FloorRate {
  /** 0: no floor. */
  bytesPerSecond: number;
  windowMs: number;
}

/** What the meter saw at one moment. */
export interface RateSample {
  atMs: number;
  /** Bytes the client has taken so far. */
  delivered: number;
  /** Whether data was ready and waiting for the client (it, not the export, set the pace). */
  waitingOnClient: boolean;
}

/** How finely a window is sampled. */
export const SAMPLES_PER_WINDOW = 10;

/** The samples still needed: the newest one at least a window old, and every later one. */
export const samplesOfWindow = (samples: readonly RateSample[], windowMs: number): RateSample[] => {
  const last = samples.at(-1);
  if (!last) return [];
  const start = samples.findLastIndex((sample) => last.atMs - sample.atMs >= windowMs);
  return samples.slice(Math.max(start, 0));
};

/**
 * Whether the download fell under the floor: over at least a whole window, data waited for the client
 * at every sample and it took fewer than floor × elapsed bytes. An export that is slow to produce (a
 * filter that scans many records for few) leaves nothing waiting, so it is never ended for that.
 */
export const belowFloorRate = (samples: readonly RateSample[], floor: FloorRate): boolean => {
  if (floor.bytesPerSecond === 0) return false;
  const window = samplesOfWindow(samples, floor.windowMs);
  const first = window[0];
  const last = window.at(-1);
  if (!first || !last || last.atMs - first.atMs < floor.windowMs) return false;
  if (!window.every((sample) => sample.waitingOnClient)) return false;
  return (last.delivered - first.delivered) * 1000 < floor.bytesPerSecond * (last.atMs - first.atMs);
};

/** What a download ended under the floor had delivered, for the log. */
export interface SlowDownload {
  deliveredBytes: number;
  windowSeconds: number;
  floorBytesPerSecond: number;
}

export class DownloadTooSlowError extends Error {
  constructor() {
    super('The client took the download slower than the floor rate');
  }
}

/**
 * The source as the client should read it, metered: ended (destroyed, which also destroys the source)
 * once `belowFloorRate` says so, after `onTooSlow`. Destroying the returned stream destroys the source.
 */
export const meteredDownload = (
  source: Readable,
  floor: FloorRate,
  onTooSlow: (download: SlowDownload) => void,
  now: () => number = () => performance.now(),
): Readable => {
  let passed = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      done(null, chunk);
    },
  });
  pipeline(source, meter, () => undefined);
  if (floor.bytesPerSecond === 0) return meter;
  // What sits in the meter's readable buffer is not taken yet.
  const delivered = () => passed - meter.readableLength;
  // Anything held in the meter, on either side, is waiting for the client to take it.
  const waitingOnClient = () => meter.readableLength > 0 || meter.writableLength > 0;
  let samples: RateSample[] = [];
  const timer = setInterval(() => {
    samples = samplesOfWindow([...samples, { atMs: now(), delivered: delivered(), waitingOnClient: waitingOnClient() }], floor.windowMs);
    if (!belowFloorRate(samples, floor)) return;
    clearInterval(timer);
    onTooSlow({ deliveredBytes: delivered(), windowSeconds: floor.windowMs / 1000, floorBytesPerSecond: floor.bytesPerSecond });
    meter.destroy(new DownloadTooSlowError());
  }, floor.windowMs / SAMPLES_PER_WINDOW);
  // A download in progress never keeps the process alive on its own.
  timer.unref();
  meter.once('close', () => clearInterval(timer));
  return meter;
};
