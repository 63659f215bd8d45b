import { z } from 'zod';
import { MAX_TAKE, IdSchema } from './primitives';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';

export const SearchQuerySchema = builtOnFirstUse(() =>
  z.object({
    search: textSchema().trim().min(1, 'search is required').max(100),
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(MAX_TAKE).default(20),
    count: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  }),
);

export const SEARCH_KINDS = ['account', 'invoice', 'contact'] as const;
/** Which field of the hit the text matched, so a person sees why an account is offered. */
export const SEARCH_MATCHED_FIELDS = [
  'accountNumber',
  'accountName',
  'invoiceName',
  'invoiceEmail',
  'invoiceNumber',
  'contactName',
  'contactEmail',
  'contactPhone',
] as const;
export type SearchMatchedField = (typeof SEARCH_MATCHED_FIELDS)[number];
/** One hit of GET /b/v1/Search; `id` is the account, invoice or contact id. */
export const SearchResultSchema = builtOnFirstUse(() =>
  z.object({
    kind: z.enum(SEARCH_KINDS),
    id: IdSchema,
    accountId: IdSchema,
    /** The account's list name, "{name} ({customer number})", as the account selector shows accounts. */
    accountName: z.string(),
    /** The account's parent, so sub-accounts can be grouped under it. */
    accountParentId: IdSchema.nullable(),
    title: z.string(),
    subtitle: z.string().nullable(),
    matched: z.object({ field: z.enum(SEARCH_MATCHED_FIELDS), value: z.string() }),
  }),
);
export type SearchResult = z.infer<typeof SearchResultSchema>;
