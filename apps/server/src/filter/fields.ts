/**
 * The per-resource allow-list shared by dnfilter and orderby: the only columns a caller can
 * reach, under public (case-insensitive) names, with the type their literals are checked against.
 */
import { Column, is, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ComparisonOperator } from './ast';

/**
 * How literals are checked and bound:
 * - `string`: string literals; comparisons and the text methods.
 * - `id`, `integer`: whole numbers in the 64-bit range, bound as `bigint` (`::int8`).
 * - `number`: any decimal number, bound as its exact text (`::numeric`).
 * - `money`: a decimal number with at most 2 decimals, bound as its exact text (`::numeric`).
 * - `date`: a calendar date (bare or quoted); a date-time literal counts as its UTC calendar date.
 * - `datetime`: an instant (bare or quoted); a bare date means that whole UTC day.
 * - `boolean`: `true`/`false`; the field alone is also a condition (`IsDefault`, `!IsDefault`).
 * Every type also accepts `== null` / `!= null`.
 */
export type FieldType = 'string' | 'id' | 'integer' | 'number' | 'money' | 'date' | 'datetime' | 'boolean';

export type TextMethod = 'contains' | 'startsWith' | 'endsWith';
export type FilterOperator = ComparisonOperator | TextMethod;

interface FieldBase {
  /** The column, or an SQL expression, this field reads. Never derived from caller input. */
  column: AnyPgColumn | SQL;
  /** Whether `orderby` may use the field (default true). */
  sortable?: boolean;
}

/** One allow-listed field. `operators` narrows what dnfilter may do with it (`[]`: sort only). */
export type FilterField =
  | (FieldBase & { type: 'string'; operators?: readonly FilterOperator[] })
  | (FieldBase & { type: Exclude<FieldType, 'string'>; operators?: readonly ComparisonOperator[] });

/** Public field name (an identifier, matched case-insensitively) → field. */
export type FilterFields = Readonly<Record<string, FilterField>>;

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = ['==', '!=', '<', '<=', '>', '>='];
export const TEXT_METHODS: readonly TextMethod[] = ['contains', 'startsWith', 'endsWith'];

const defaultOperators = (type: FieldType): readonly FilterOperator[] => {
  switch (type) {
    case 'string':
      return [...COMPARISON_OPERATORS, ...TEXT_METHODS];
    case 'boolean':
      return ['==', '!='];
    default:
      return COMPARISON_OPERATORS;
  }
};

/** A field found by name, with what the compilers need precomputed. */
export interface ResolvedField {
  /** The allow-list's spelling, used in messages. */
  name: string;
  field: FilterField;
  operators: ReadonlySet<FilterOperator>;
  /** False only for a NOT NULL column; SQL expressions count as nullable. */
  nullable: boolean;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FIELD_TYPES: ReadonlySet<string> = new Set<FieldType>([
  'string',
  'id',
  'integer',
  'number',
  'money',
  'date',
  'datetime',
  'boolean',
]);
const TEXT_METHOD_SET: ReadonlySet<string> = new Set(TEXT_METHODS);
const cache = new WeakMap<FilterFields, ReadonlyMap<string, ResolvedField>>();

// A bad allow-list is a programming error (a 500 at the first request), not the caller's fault.
const index = (fields: FilterFields): ReadonlyMap<string, ResolvedField> => {
  const byName = new Map<string, ResolvedField>();
  for (const [name, field] of Object.entries(fields)) {
    if (!IDENTIFIER.test(name)) throw new TypeError(`Filter field name '${name}' is not an identifier`);
    if (!FIELD_TYPES.has(field.type)) throw new TypeError(`Filter field '${name}' has unknown type '${String(field.type)}'`);
    const key = name.toLowerCase();
    const clash = byName.get(key);
    if (clash) throw new TypeError(`Filter fields '${clash.name}' and '${name}' differ only by case`);
    const operators = field.operators ?? defaultOperators(field.type);
    const method = operators.find((operator) => TEXT_METHOD_SET.has(operator));
    if (method && field.type !== 'string') throw new TypeError(`Filter field '${name}' is not a string but allows ${method}()`);
    byName.set(key, {
      name,
      field,
      operators: new Set(operators),
      nullable: !(is(field.column, Column) && field.column.notNull),
    });
  }
  return byName;
};

/** Finds an allow-listed field by name, ignoring case. */
export const lookupField = (fields: FilterFields, name: string): ResolvedField | undefined => {
  let byName = cache.get(fields);
  if (!byName) {
    byName = index(fields);
    cache.set(fields, byName);
  }
  return byName.get(name.toLowerCase());
};
