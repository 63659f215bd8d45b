/**
 * `orderby` query text → drizzle ORDER BY expressions: `Field [asc|desc]` items separated by
 * commas, e.g. `"EndDate desc, InvoiceNumber desc"`; fields from the same allow-list as dnfilter.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FilterError, show } from './errors';
import { lookupField, type FilterFields, type ResolvedField } from './fields';

/** Longest orderby text accepted (the query schema caps it too). */
export const MAX_ORDER_BY_LENGTH = 200;

export type SortDirection = 'asc' | 'desc';

/** One parsed sort key. */
export interface SortKey {
  field: ResolvedField;
  direction: SortDirection;
  position: number;
}

export interface OrderByOptions {
  /**
   * A unique column appended after the caller's keys (in the direction of the last key, asc when
   * there are none) so pages are stable; left out when a key already sorts by it.
   */
  tieBreaker?: AnyPgColumn | SQL;
}

const SPACE = /[ \t\r\n]*/y;
const WORD = /[A-Za-z0-9_]+/y;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const read = (pattern: RegExp, text: string, index: number): string => {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0] ?? '';
};

/** What stands at `index`, for a message: a whole word, one character, or the end. */
const found = (text: string, index: number): string => {
  if (index >= text.length) return 'the end';
  return show(read(WORD, text, index) || String.fromCodePoint(text.codePointAt(index)!));
};

/** Parses orderby text into sort keys (empty for blank text). Throws `FilterError`. */
export const parseOrderBy = (text: string, fields: FilterFields): SortKey[] => {
  if (text.length > MAX_ORDER_BY_LENGTH) {
    throw new FilterError(`orderby is longer than ${MAX_ORDER_BY_LENGTH} characters`, MAX_ORDER_BY_LENGTH);
  }
  const keys: SortKey[] = [];
  let index = read(SPACE, text, 0).length;
  if (index === text.length) return keys;
  for (;;) {
    const position = index;
    const name = read(WORD, text, index);
    if (!IDENTIFIER.test(name)) {
      throw new FilterError(`Expected a field name but found ${found(text, index)}`, position);
    }
    const field = lookupField(fields, name);
    if (!field) throw new FilterError(`Unknown field ${show(name)}`, position);
    if (field.field.sortable === false) throw new FilterError(`Field '${field.name}' cannot be used to sort`, position);
    if (keys.some((key) => key.field === field)) throw new FilterError(`Field '${field.name}' appears more than once`, position);
    index += name.length;

    let direction: SortDirection = 'asc';
    const space = read(SPACE, text, index);
    const word = read(WORD, text, index + space.length);
    if (word && space) {
      const lower = word.toLowerCase();
      if (lower !== 'asc' && lower !== 'desc') {
        throw new FilterError(`Expected 'asc' or 'desc' but found ${show(word)}`, index + space.length);
      }
      direction = lower;
      index += space.length + word.length;
    }
    keys.push({ field, direction, position });

    index += read(SPACE, text, index).length;
    if (index === text.length) return keys;
    if (text[index] !== ',') throw new FilterError(`Expected ',' but found ${found(text, index)}`, index);
    index += 1;
    index += read(SPACE, text, index).length;
  }
};

/**
 * Compiles orderby text into ORDER BY expressions (`[]` for a missing or blank text, plus the
 * tie-breaker when given). Throws `FilterError` (→ 400) for any bad input.
 */
export const compileOrderBy = (text: string | undefined, fields: FilterFields, options: OrderByOptions = {}): SQL[] => {
  const keys = text === undefined ? [] : parseOrderBy(text, fields);
  const order = keys.map((key) => (key.direction === 'asc' ? asc(key.field.field.column) : desc(key.field.field.column)));
  const { tieBreaker } = options;
  if (tieBreaker && !keys.some((key) => key.field.field.column === tieBreaker)) {
    order.push(keys.at(-1)?.direction === 'desc' ? desc(tieBreaker) : asc(tieBreaker));
  }
  return order;
};
