/**
 * The dnfilter expression language and orderby parsing of every paged list call
 * (`Account/names`, `Charge/items`, `Invoice/items`, `Search`). Bad input throws `FilterError`.
 */

/** Parses and compiles dnfilter text into a parameterised WHERE condition (`undefined` when blank). */
export { compileFilter } from './compile';
/** Parses and compiles orderby text into ORDER BY expressions, with an optional tie-breaker. */
export { compileOrderBy, type OrderByOptions, type SortDirection } from './orderby';
/** The per-resource allow-list both compilers read, and its parts. */
export type { FieldType, FilterField, FilterFields, FilterOperator, TextMethod } from './fields';
/** The one error of bad filter/orderby input (→ 400 `{ error: message }`), and its type guard. */
export { FilterError, isFilterError } from './errors';
/** Input limits, for documentation and schemas. */
export { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, MAX_FILTER_NODES } from './parser';
/** Longest orderby text accepted. */
export { MAX_ORDER_BY_LENGTH } from './orderby';
/** The id a filter pins a column to (`AccountId==7 && …`), for answers kept per account. */
export { pinnedId } from './pinned';
