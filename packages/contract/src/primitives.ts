import { z } from 'zod';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';
import { minorToDecimal, parseMoney } from './money';

/**
 * A 64-bit id: a JSON integer on the wire (digit strings are accepted on input, e.g. from paths),
 * a `bigint` in code on both sides so ids beyond 2^53 survive a round trip.
 */
export const IdSchema = builtOnFirstUse(() =>
  z.codec(
    z.union([z.int().nonnegative(), z.string().regex(/^\d{1,19}$/, 'Must be a numeric id'), z.bigint().nonnegative()]),
    z.bigint().nonnegative().max(9223372036854775807n, 'Id is out of range'),
    {
      decode: (wire) => BigInt(wire),
      encode: (id) => id,
    },
  ),
);
export type Id = z.output<typeof IdSchema>;

/**
 * A money amount: a JSON number with at most 2 decimals (decimal strings accepted on input), read by
 * `parseMoney` (money.ts), so every money field refuses the same inputs with the same words and nothing
 * reaches a rule or the database that `toMinor` could not hold. Arithmetic on amounts goes through
 * `toMinor`/`fromMinor`, never float maths. A codec (not a transform) so response schemas can encode it:
 * replies go through `z.encode`. Marked `x-money` so tests find every money field from the schemas.
 */
export const MoneySchema = builtOnFirstUse(() =>
  z
    .codec(
      z.union([z.number(), z.string(), z.bigint()]).check((payload) => {
        const parsed = parseMoney(payload.value);
        // An aborting issue: refinements stacked on an amount never see one that did not parse.
        if (!parsed.ok) payload.issues.push({ code: 'custom', message: parsed.problem, input: payload.value });
      }),
      z.number(),
      {
        decode: (wire): number => {
          const parsed = parseMoney(wire);
          return parsed.ok ? Number(minorToDecimal(parsed.minor)) : Number.NaN;
        },
        encode: (n) => n,
      },
    )
    .meta({ 'x-money': true }),
);
export type Money = z.output<typeof MoneySchema>;

export const CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR'] as const;
export const CurrencyCodeSchema = builtOnFirstUse(() => z.enum(CURRENCIES, { error: 'Unsupported currency' }));
export type CurrencyCode = z.infer<typeof CurrencyCodeSchema>;

/** Calendar date, `YYYY-MM-DD`. */
export const IsoDateSchema = builtOnFirstUse(() => z.iso.date());
/** Instant, ISO 8601 with offset. */
export const IsoDateTimeSchema = builtOnFirstUse(() => z.iso.datetime({ offset: true }));

/** Every error answer; `fields` (invalid input only) says what is wrong with each body field, by its path. */
export const ErrorResponseSchema = builtOnFirstUse(() =>
  z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() }),
);
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** `true`/`false` answers of calls whose spec only reads truthiness. */
export const BooleanResultSchema = builtOnFirstUse(() => z.boolean());

export const MAX_TAKE = 1000;

/** The paging fields of a list's query (`skip`, `take`, `count`): a function, so each schema is built when it is. */
export const pagingFields = () => ({
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  take: z.coerce.number().int().min(1, 'take must be at least 1').max(MAX_TAKE, `take must be at most ${MAX_TAKE}`).default(100),
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** Query of every paged list (docs/decisions/0003-contract-rules.md). */
export const PagedQuerySchema = builtOnFirstUse(() =>
  z.object({
    orderby: textSchema().max(200).optional(),
    ...pagingFields(),
    dnfilter: textSchema().max(2000).optional(),
  }),
);
export type PagedQuery = z.infer<typeof PagedQuerySchema>;

/** `{ value, count }`; count is present only when asked for with `count=true`. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ value: z.array(item), count: z.number().int().optional() });
export type Paged<T> = { value: T[]; count?: number | undefined };
