import { z } from 'zod';
import { MAX_TAKE, IdSchema } from './primitives';
import { textSchema } from './text';

export const SearchQuerySchema = z.object({
  search: textSchema().trim().min(1, 'search is required').max(100),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(MAX_TAKE).default(20),
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const SEARCH_KINDS = ['account', 'invoice', 'contact'] as const;
/** One hit of GET /b/v1/Search; `id` is the account, invoice or contact id. */
export const SearchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: IdSchema,
  accountId: IdSchema,
  title: z.string(),
  subtitle: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
