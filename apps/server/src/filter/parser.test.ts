import { describe, expect, it } from 'vitest';
import type { FilterNode } from './ast';
import { FilterError } from './errors';
import { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, MAX_FILTER_NODES, parseFilter } from './parser';

/** The tree as an s-expression: `(and (== A 1) (! B))`, literals as JSON-ish text. */
const print = (node: FilterNode): string => {
  switch (node.type) {
    case 'and':
    case 'or':
      return `(${node.type} ${print(node.left)} ${print(node.right)})`;
    case 'not':
      return `(! ${print(node.operand)})`;
    case 'compare':
      return `(${node.operator} ${print(node.left)} ${print(node.right)})`;
    case 'call':
      return `(.${node.method} ${print(node.target)}${node.args.map((arg) => ` ${print(arg)}`).join('')})`;
    case 'field':
      return node.name;
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
      return `#${node.text}`;
    case 'date':
      return `@${node.text}`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
  }
};

const errorOf = (text: string): FilterError => {
  try {
    parseFilter(text);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`parsed without error: ${text}`);
};

describe('parseFilter', () => {
  it.each<[string, string]>([
    ['AccountId==123', '(== AccountId #123)'],
    ['AccountId==123 && State=="Posted"', '(and (== AccountId #123) (== State "Posted"))'],
    [
      'AccountId==123 && State=="Posted" && EndDate>=2025-08-22 && InvoiceNumber.contains("INV-00")',
      '(and (and (and (== AccountId #123) (== State "Posted")) (>= EndDate @2025-08-22)) (.contains InvoiceNumber "INV-00"))',
    ],
    ['EndDate>="2025-08-22T10:00:00.000Z"', '(>= EndDate "2025-08-22T10:00:00.000Z")'],
    // precedence: ! > comparison > && > ||
    ['a==1 || b==2 && c==3', '(or (== a #1) (and (== b #2) (== c #3)))'],
    ['a==1 && b==2 || c==3', '(or (and (== a #1) (== b #2)) (== c #3))'],
    ['a || b || c', '(or (or a b) c)'],
    ['a && b && c', '(and (and a b) c)'],
    ['!a && b', '(and (! a) b)'],
    ['!a || !b', '(or (! a) (! b))'],
    ['!a == true', '(== (! a) true)'],
    ['!!a', '(! (! a))'],
    ['!(a==1 || b==2)', '(! (or (== a #1) (== b #2)))'],
    // parentheses
    ['(a==1 || b==2) && c==3', '(and (or (== a #1) (== b #2)) (== c #3))'],
    ['a==1 || (b==2 && c==3)', '(or (== a #1) (and (== b #2) (== c #3)))'],
    ['((((a))))', 'a'],
    ['(a)==1', '(== a #1)'],
    // every comparison, literal first too
    ['a!=1', '(!= a #1)'],
    ['a<1', '(< a #1)'],
    ['a<=1', '(<= a #1)'],
    ['a>1', '(> a #1)'],
    ['a>=1', '(>= a #1)'],
    ['5<a', '(< #5 a)'],
    ['a==b', '(== a b)'],
    // literals
    ['a=="x\\"y\\\\z"', '(== a "x\\"y\\\\z")'],
    ['a==-1.25', '(== a #-1.25)'],
    ['a==true && b==FALSE && c==Null', '(and (and (== a true) (== b false)) (== c null))'],
    ['constructor==toString', '(== constructor toString)'],
    ['a==2025-01-31T10:00:00Z', '(== a @2025-01-31T10:00:00Z)'],
    ['true', 'true'],
    ['"x"', '"x"'],
    // method calls
    ['Name.contains("x")', '(.contains Name "x")'],
    ['Name.StartsWith("x") || Name.endsWith("y")', '(or (.StartsWith Name "x") (.endsWith Name "y"))'],
    ['Name.contains()', '(.contains Name)'],
    ['Name.contains("a", 1, null)', '(.contains Name "a" #1 null)'],
    ['!Name.contains("x")', '(! (.contains Name "x"))'],
    [' \n a == 1 \t', '(== a #1)'],
  ])('%s', (text, expected) => {
    expect(print(parseFilter(text))).toBe(expected);
  });

  it('records positions of operators, fields, literals and calls', () => {
    expect(parseFilter('!(Ab == "x") || N.contains("y")')).toEqual({
      type: 'or',
      position: 13,
      left: {
        type: 'not',
        position: 0,
        operand: {
          type: 'compare',
          operator: '==',
          position: 5,
          left: { type: 'field', name: 'Ab', position: 2 },
          right: { type: 'string', value: 'x', position: 8 },
        },
      },
      right: {
        type: 'call',
        method: 'contains',
        position: 18,
        argsPosition: 26,
        target: { type: 'field', name: 'N', position: 16 },
        args: [{ type: 'string', value: 'y', position: 27 }],
      },
    });
  });

  it.each<[string, string]>([
    ['', 'Filter is empty at position 0'],
    ['   ', 'Filter is empty at position 0'],
    ['AccountId==123 && )', "Unexpected token ')' at position 18"],
    ['AccountId==123) ', "Unexpected token ')' without a matching '(' at position 14"],
    ['(a==1', "Missing ')' at position 5"],
    ['((a==1)', "Missing ')' at position 7"],
    ['(a==1 b', "Unexpected token 'b' at position 6"],
    ['a==', 'Unexpected end of filter at position 3'],
    ['a==1 &&', 'Unexpected end of filter at position 7'],
    ['a==1 ||   ', 'Unexpected end of filter at position 10'],
    ['!', 'Unexpected end of filter at position 1'],
    ['()', "Unexpected token ')' at position 1"],
    ['a==1==2', "Unexpected token '==' at position 4"],
    ['a b', "Unexpected token 'b' at position 2"],
    ['a==1 true', "Unexpected token 'true' at position 5"],
    ['&& a', "Unexpected token '&&' at position 0"],
    ['a==1,', "Unexpected token ',' at position 4"],
    ['a==(1', "Missing ')' at position 5"],
    ['"x".contains("y")', "Unexpected token '.' at position 3"],
    ['a.', "Expected a method name after '.' but found the end of the filter at position 2"],
    ['a.("x")', "Expected a method name after '.' but found '(' at position 2"],
    ['a.contains', "Expected '(' after 'contains' at position 10"],
    ['a.contains "x"', "Expected '(' after 'contains' at position 11"],
    ['a.contains("x"', "Missing ')' at position 14"],
    ['a.contains("x" "y")', 'Unexpected token \'"y"\' at position 15'],
    ['a.contains("x",)', "Unexpected token ')' at position 15"],
    ['a.contains(b)', "Unexpected token 'b' at position 11"],
    ['a.contains(constructor)', "Unexpected token 'constructor' at position 11"],
    ['a.contains(__proto__)', "Unexpected token '__proto__' at position 11"],
    ['a.contains("x").b("y")', "Unexpected token '.' at position 15"],
    ['a.b.c("x")', "Expected '(' after 'b' at position 3"],
    ['a == "unterminated', 'Unterminated string at position 5'],
  ])('%s → %s', (text, message) => {
    const error = errorOf(text);
    expect(error.message).toBe(message);
    expect(error.message).toBe(`${error.reason} at position ${error.position}`);
  });

  it(`rejects text longer than ${MAX_FILTER_LENGTH} characters, before reading it`, () => {
    const ok = `a==${'1'.repeat(MAX_FILTER_LENGTH - 3)}`;
    expect(print(parseFilter(ok))).toBe(`(== a #${'1'.repeat(MAX_FILTER_LENGTH - 3)})`);
    expect(errorOf(`${ok}1`).message).toBe(
      `Filter is longer than ${MAX_FILTER_LENGTH} characters at position ${MAX_FILTER_LENGTH}`,
    );
    expect(errorOf('#'.repeat(5000)).position).toBe(MAX_FILTER_LENGTH);
  });

  it(`accepts ${MAX_FILTER_DEPTH} levels of nesting and rejects one more`, () => {
    const nested = (levels: number) => `${'('.repeat(levels)}a==1${')'.repeat(levels)}`;
    expect(print(parseFilter(nested(MAX_FILTER_DEPTH)))).toBe('(== a #1)');
    expect(errorOf(nested(MAX_FILTER_DEPTH + 1)).message).toBe(
      `Filter is nested too deeply (more than ${MAX_FILTER_DEPTH} levels) at position ${MAX_FILTER_DEPTH}`,
    );
    expect(print(parseFilter(`${'!'.repeat(MAX_FILTER_DEPTH)}a`))).toMatch(/^\(! /);
    expect(errorOf(`${'!'.repeat(MAX_FILTER_DEPTH + 1)}a`).position).toBe(MAX_FILTER_DEPTH);
    expect(errorOf(`!(!(`.repeat(20)).message).toMatch(/^Filter is nested too deeply/);
  });

  it('survives hostile nesting within the length limit without blowing the stack', () => {
    for (const text of ['('.repeat(MAX_FILTER_LENGTH), '!'.repeat(MAX_FILTER_LENGTH), '!('.repeat(MAX_FILTER_LENGTH / 2)]) {
      expect(errorOf(text).message).toMatch(/^Filter is nested too deeply/);
    }
  });

  it(`accepts ${MAX_FILTER_NODES} nodes and rejects one more`, () => {
    // n comparisons joined by && make 3n + (n - 1) nodes: 25 comparisons → 99 nodes; plus `!` → 100.
    const comparisons = (n: number) => Array.from({ length: n }, (_, i) => `a==${i}`).join('&&');
    expect(() => parseFilter(`!(${comparisons(25)})`)).not.toThrow();
    const error = errorOf(`!!(${comparisons(25)})`);
    expect(error.message).toBe(`Filter is too complex (more than ${MAX_FILTER_NODES} terms) at position 0`);
    expect(errorOf(comparisons(100)).message).toMatch(/^Filter is too complex/);
  });
});
