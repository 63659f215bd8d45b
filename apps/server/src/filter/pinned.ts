import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FilterNode } from './ast';
import { lookupField, type FilterFields } from './fields';
import { parseFilter } from './parser';

const WHOLE_NUMBER = /^-?\d+$/;

const pinnedIn = (node: FilterNode, fields: FilterFields, column: AnyPgColumn): bigint | undefined => {
  if (node.type === 'and') return pinnedIn(node.left, fields, column) ?? pinnedIn(node.right, fields, column);
  if (node.type !== 'compare' || node.operator !== '==') return undefined;
  const [field, literal] = node.left.type === 'field' ? [node.left, node.right] : [node.right, node.left];
  if (field.type !== 'field' || literal.type !== 'number' || !WHOLE_NUMBER.test(literal.text)) return undefined;
  return lookupField(fields, field.name)?.field.column === column ? BigInt(literal.text) : undefined;
};

/**
 * The value dnfilter text pins an id column to: `Field == n` as a top-level conjunct (`AccountId==7 && …`),
 * which every row it matches has. Undefined when nothing pins it; a filter that does not parse throws
 * the `FilterError` its compiling would.
 */
export const pinnedId = (text: string | undefined, fields: FilterFields, column: AnyPgColumn): bigint | undefined =>
  text === undefined || text.trim() === '' ? undefined : pinnedIn(parseFilter(text), fields, column);
