/**
 * The fingerprint of a provider API write's body: the same data gives the same hash whatever the
 * order of its keys, so a repeated write is recognised (and answered as the first time) while a
 * different body under an id that may not change is refused with 409.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

export const requestHash = (body: unknown): string =>
  createHash('sha256')
    .update(stringify(body) ?? 'null')
    .digest('hex');
