/** The provider's own id of an object (its billing system's), by which the provider API addresses it. */
import { trimmedText } from './text';
import { builtOnFirstUse } from './lazy-schema';

export const EXTERNAL_ID_MAX = 64;
export const ExternalIdSchema = builtOnFirstUse(() =>
  trimmedText(EXTERNAL_ID_MAX)
    .min(1, 'An external id is required')
    .regex(/^[^/\s]+$/, 'An external id may not contain spaces or slashes'),
);
