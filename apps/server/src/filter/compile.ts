/**
 * dnfilter syntax tree + allow-list → a drizzle `SQL` condition. Columns come only from the
 * allow-list and every literal is a bound parameter; the SQL text holds nothing the caller wrote.
 *
 * Semantics are two-valued, as in the C#/LINQ filters this language imitates: a comparison with a
 * NULL column is false, except `!=` which is true; `!x` is true whenever `x` is not true.
 */
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { CallNode, CompareNode, ComparisonOperator, FieldNode, FilterNode, LiteralNode, LogicalNode } from './ast';
import { escapeLike } from '../lib/like-pattern';
import { FilterError, show } from './errors';
import { lookupField, TEXT_METHODS, type FilterField, type FilterFields, type ResolvedField, type TextMethod } from './fields';
import { MAX_FILTER_LENGTH, parseFilter } from './parser';
import { nextDay, parseTemporal, type TemporalValue } from './temporal';

/** A compiled condition; `grouped` when it may be followed by `is not true` without parentheses. */
interface Condition {
  sql: SQL;
  grouped: boolean;
}

const SQL_OPERATORS: Readonly<Record<ComparisonOperator, SQL>> = {
  '==': sql.raw('='),
  '!=': sql.raw('<>'),
  '<': sql.raw('<'),
  '<=': sql.raw('<='),
  '>': sql.raw('>'),
  '>=': sql.raw('>='),
};

/** `a < b` is `b > a`: used when the literal is written first. */
const MIRRORED: Readonly<Record<ComparisonOperator, ComparisonOperator>> = {
  '==': '==',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

const LITERAL_NAMES: Readonly<Record<LiteralNode['type'], string>> = {
  string: 'a string',
  number: 'a number',
  date: 'a date',
  boolean: 'a boolean',
  null: 'null',
};

const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
const WHOLE_NUMBER = /^-?\d+$/;
const AMOUNT = /^-?\d+(?:\.\d{1,2})?$/;
const BLANK = /^[ \t\r\n]*$/;

const isLiteral = (node: FilterNode): node is LiteralNode =>
  node.type === 'string' || node.type === 'number' || node.type === 'date' || node.type === 'boolean' || node.type === 'null';

const atomic = (fragment: SQL): Condition => ({ sql: fragment, grouped: false });
const parenthesised = (condition: Condition): SQL => (condition.grouped ? condition.sql : sql`(${condition.sql})`);

/** A column is a plain reference; an SQL expression is parenthesised so operators bind to all of it. */
const columnSql = (field: FilterField): SQL => (is(field.column, Column) ? sql`${field.column}` : sql`(${field.column})`);

const resolve = (node: FieldNode, fields: FilterFields): ResolvedField => {
  const resolved = lookupField(fields, node.name);
  if (!resolved) throw new FilterError(`Unknown field ${show(node.name)}`, node.position);
  return resolved;
};

const mismatch = (resolved: ResolvedField, literal: LiteralNode): FilterError =>
  new FilterError(`Field '${resolved.name}' cannot be compared with ${LITERAL_NAMES[literal.type]}`, literal.position);

const wholeNumber = (resolved: ResolvedField, literal: LiteralNode): bigint => {
  if (literal.type !== 'number') throw mismatch(resolved, literal);
  if (!WHOLE_NUMBER.test(literal.text)) {
    throw new FilterError(`Field '${resolved.name}' needs a whole number`, literal.position);
  }
  const value = BigInt(literal.text);
  if (value < INT8_MIN || value > INT8_MAX) {
    throw new FilterError(`Number ${show(literal.text)} is out of range for field '${resolved.name}'`, literal.position);
  }
  return value;
};

const temporal = (resolved: ResolvedField, literal: LiteralNode): TemporalValue => {
  if (literal.type !== 'date' && literal.type !== 'string') throw mismatch(resolved, literal);
  const text = literal.type === 'date' ? literal.text : literal.value;
  const value = parseTemporal(text);
  if (!value) {
    throw new FilterError(
      `Invalid date ${show(text)} for field '${resolved.name}' (use e.g. 2025-01-31 or 2025-01-31T10:00:00Z)`,
      literal.position,
    );
  }
  return value;
};

const compareWith = (column: SQL, operator: ComparisonOperator, value: SQL, nullable: boolean): Condition =>
  // `<>` is unknown for NULL; `is distinct from` makes `!=` true there, as two-valued logic expects.
  operator === '!=' && nullable
    ? atomic(sql`${column} is distinct from ${value}`)
    : atomic(sql`${column} ${SQL_OPERATORS[operator]} ${value}`);

/** A bare date against a date-time field means that whole UTC day: [day 00:00Z, next day 00:00Z). */
const compareWithDay = (column: SQL, operator: ComparisonOperator, date: string): Condition => {
  const start = sql`${`${date}T00:00:00Z`}::timestamptz`;
  const end = sql`${`${nextDay(date)}T00:00:00Z`}::timestamptz`;
  switch (operator) {
    case '>=':
      return atomic(sql`${column} >= ${start}`);
    case '>':
      return atomic(sql`${column} >= ${end}`);
    case '<=':
      return atomic(sql`${column} < ${end}`);
    case '<':
      return atomic(sql`${column} < ${start}`);
    case '==':
      return { sql: sql`(${column} >= ${start} and ${column} < ${end})`, grouped: true };
    case '!=':
      return atomic(sql`(${column} >= ${start} and ${column} < ${end}) is not true`);
  }
};

const compareFieldWithLiteral = (
  resolved: ResolvedField,
  operator: ComparisonOperator,
  literal: LiteralNode,
  operatorPosition: number,
): Condition => {
  const column = columnSql(resolved.field);
  if (literal.type === 'null') {
    if (operator === '==') return atomic(sql`${column} is null`);
    if (operator === '!=') return atomic(sql`${column} is not null`);
    throw new FilterError(`Only '==' and '!=' can compare with null`, operatorPosition);
  }
  const { nullable } = resolved;
  switch (resolved.field.type) {
    case 'string':
      if (literal.type !== 'string') throw mismatch(resolved, literal);
      return compareWith(column, operator, sql`${literal.value}`, nullable);
    case 'boolean':
      if (literal.type !== 'boolean') throw mismatch(resolved, literal);
      return compareWith(column, operator, sql`${literal.value}`, nullable);
    case 'id':
    case 'integer':
      return compareWith(column, operator, sql`${wholeNumber(resolved, literal)}::int8`, nullable);
    case 'number':
      if (literal.type !== 'number') throw mismatch(resolved, literal);
      return compareWith(column, operator, sql`${literal.text}::numeric`, nullable);
    case 'money':
      if (literal.type !== 'number') throw mismatch(resolved, literal);
      if (!AMOUNT.test(literal.text)) {
        throw new FilterError(`Field '${resolved.name}' needs an amount with at most 2 decimals`, literal.position);
      }
      return compareWith(column, operator, sql`${literal.text}::numeric`, nullable);
    case 'date': {
      const value = temporal(resolved, literal);
      const date = value.kind === 'date' ? value.date : value.utcDate;
      return compareWith(column, operator, sql`${date}::date`, nullable);
    }
    case 'datetime': {
      const value = temporal(resolved, literal);
      return value.kind === 'date'
        ? compareWithDay(column, operator, value.date)
        : compareWith(column, operator, sql`${value.instant}::timestamptz`, nullable);
    }
  }
};

const comparison = (node: CompareNode, fields: FilterFields): Condition => {
  const { left, right } = node;
  let field: FieldNode;
  let literal: LiteralNode;
  let operator: ComparisonOperator;
  if (left.type === 'field' && isLiteral(right)) {
    [field, literal, operator] = [left, right, node.operator];
  } else if (isLiteral(left) && right.type === 'field') {
    [field, literal, operator] = [right, left, MIRRORED[node.operator]];
  } else if (left.type === 'not' || right.type === 'not') {
    const position = left.type === 'not' ? left.position : right.position;
    throw new FilterError(`'!' cannot be compared; write !(…) to negate a comparison`, position);
  } else if (left.type === 'field' && right.type === 'field') {
    throw new FilterError('Cannot compare two fields', node.position);
  } else {
    throw new FilterError(`Expected a field and a value around '${node.operator}'`, node.position);
  }
  const resolved = resolve(field, fields);
  if (!resolved.operators.has(operator)) {
    throw new FilterError(`Field '${resolved.name}' does not support '${node.operator}'`, node.position);
  }
  return compareFieldWithLiteral(resolved, operator, literal, node.position);
};

/** `%`, `_` and `\` in the argument match themselves (backslash is PostgreSQL's LIKE escape). */

const PATTERNS: Readonly<Record<TextMethod, (escaped: string) => string>> = {
  contains: (escaped) => `%${escaped}%`,
  startsWith: (escaped) => `${escaped}%`,
  endsWith: (escaped) => `%${escaped}`,
};

const call = (node: CallNode, fields: FilterFields): Condition => {
  const method = TEXT_METHODS.find((m) => m.toLowerCase() === node.method.toLowerCase());
  if (!method) {
    throw new FilterError(`Unknown method ${show(node.method)} (use contains, startsWith or endsWith)`, node.position);
  }
  const resolved = resolve(node.target, fields);
  if (!resolved.operators.has(method)) {
    throw new FilterError(`Field '${resolved.name}' does not support ${method}()`, node.position);
  }
  const [argument, extra] = node.args;
  if (!argument || extra || argument.type !== 'string') {
    const position = extra?.position ?? argument?.position ?? node.argsPosition;
    throw new FilterError(`${method}() takes one string argument`, position);
  }
  // ILIKE: the methods match case-insensitively.
  return atomic(sql`${columnSql(resolved.field)} ilike ${PATTERNS[method](escapeLike(argument.value))}`);
};

/** The operands of a left-deep chain of one logical operator, in text order. */
const chain = (node: LogicalNode): FilterNode[] => {
  const operands: FilterNode[] = [];
  let current: FilterNode = node;
  while ((current.type === 'and' || current.type === 'or') && current.type === node.type) {
    operands.push(current.right);
    current = current.left;
  }
  operands.push(current);
  return operands.reverse();
};

const condition = (node: FilterNode, fields: FilterFields): Condition => {
  switch (node.type) {
    case 'and':
    case 'or': {
      const parts = chain(node).map((operand) => condition(operand, fields).sql);
      return { sql: sql`(${sql.join(parts, node.type === 'and' ? sql` and ` : sql` or `)})`, grouped: true };
    }
    case 'not':
      return atomic(sql`${parenthesised(condition(node.operand, fields))} is not true`);
    case 'compare':
      return comparison(node, fields);
    case 'call':
      return call(node, fields);
    case 'field': {
      const resolved = resolve(node, fields);
      if (resolved.field.type !== 'boolean') {
        throw new FilterError(`Field '${resolved.name}' is not a true/false field; compare it with a value`, node.position);
      }
      if (!resolved.operators.has('==')) {
        throw new FilterError(`Field '${resolved.name}' does not support '=='`, node.position);
      }
      return atomic(columnSql(resolved.field));
    }
    case 'boolean':
      return atomic(sql`${node.value}::boolean`);
    default:
      throw new FilterError(`Expected a condition but found ${LITERAL_NAMES[node.type]}`, node.position);
  }
};

/** Compiles a parsed filter against an allow-list. Throws `FilterError` for unknown fields, wrong types… */
export const compileCondition = (node: FilterNode, fields: FilterFields): SQL => condition(node, fields).sql;

/**
 * Parses and compiles dnfilter text into a WHERE condition; `undefined` for a missing or blank
 * filter. Throws `FilterError` (→ 400) for any bad input.
 */
export const compileFilter = (text: string | undefined, fields: FilterFields): SQL | undefined => {
  if (text === undefined || (text.length <= MAX_FILTER_LENGTH && BLANK.test(text))) return undefined;
  return compileCondition(parseFilter(text), fields);
};
