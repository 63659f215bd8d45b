/**
 * Recursive-descent parser for dnfilter. Precedence, tightest first: `!`, comparisons
 * (non-associative), `&&`, `||`. Bounded so hostile input cannot exhaust the stack or CPU.
 *
 *   or         := and ('||' and)*
 *   and        := comparison ('&&' comparison)*
 *   comparison := unary (('=='|'!='|'<'|'<='|'>'|'>=') unary)?
 *   unary      := '!' unary | primary
 *   primary    := '(' or ')' | literal | IDENT ('.' IDENT '(' (literal (',' literal)*)? ')')?
 *   literal    := STRING | NUMBER | DATE | true | false | null   (keywords case-insensitive)
 */
import type { ComparisonOperator, FieldNode, FilterNode, LiteralNode } from './ast';
import { FilterError, show } from './errors';
import { tokenize, type Token } from './tokenizer';

/** Longest filter text accepted (the query schema caps it too). */
export const MAX_FILTER_LENGTH = 2000;
/** Deepest nesting of `(` and `!`. */
export const MAX_FILTER_DEPTH = 32;
/** Most syntax-tree nodes (fields, literals, operators, calls) in one filter. */
export const MAX_FILTER_NODES = 100;

const COMPARISONS: ReadonlySet<string> = new Set<ComparisonOperator>(['==', '!=', '<', '<=', '>', '>=']);
// A Map, not an object: caller text must never reach `Object.prototype` members (`constructor`…).
const KEYWORDS: ReadonlyMap<string, (position: number) => LiteralNode> = new Map([
  ['true', (position: number): LiteralNode => ({ type: 'boolean', value: true, position })],
  ['false', (position: number): LiteralNode => ({ type: 'boolean', value: false, position })],
  ['null', (position: number): LiteralNode => ({ type: 'null', position })],
]);

const unexpected = (token: Token): FilterError =>
  token.kind === 'end'
    ? new FilterError('Unexpected end of filter', token.start)
    : new FilterError(`Unexpected token ${show(token.text)}`, token.start);

class Parser {
  private index = 0;
  private depth = 0;
  private nodes = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): FilterNode {
    const node = this.or();
    const token = this.peek();
    if (token.kind !== 'end') {
      throw token.text === ')' ? new FilterError("Unexpected token ')' without a matching '('", token.start) : unexpected(token);
    }
    return node;
  }

  private peek(): Token {
    // The tokenizer always ends the list with an `end` token, and `next` never moves past it.
    return this.tokens[this.index]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isSymbol(text: string): boolean {
    const token = this.peek();
    return token.kind === 'symbol' && token.text === text;
  }

  private count<T extends FilterNode>(node: T): T {
    this.nodes += 1;
    if (this.nodes > MAX_FILTER_NODES) {
      throw new FilterError(`Filter is too complex (more than ${MAX_FILTER_NODES} terms)`, node.position);
    }
    return node;
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > MAX_FILTER_DEPTH) {
      throw new FilterError(`Filter is nested too deeply (more than ${MAX_FILTER_DEPTH} levels)`, position);
    }
  }

  private or(): FilterNode {
    let left = this.and();
    while (this.isSymbol('||')) {
      const position = this.next().start;
      left = this.count({ type: 'or', left, right: this.and(), position });
    }
    return left;
  }

  private and(): FilterNode {
    let left = this.comparison();
    while (this.isSymbol('&&')) {
      const position = this.next().start;
      left = this.count({ type: 'and', left, right: this.comparison(), position });
    }
    return left;
  }

  private comparison(): FilterNode {
    const left = this.unary();
    const token = this.peek();
    if (token.kind !== 'symbol' || !COMPARISONS.has(token.text)) return left;
    this.next();
    const right = this.unary();
    return this.count({ type: 'compare', operator: token.text as ComparisonOperator, left, right, position: token.start });
  }

  private unary(): FilterNode {
    if (!this.isSymbol('!')) return this.primary();
    const position = this.next().start;
    this.enter(position);
    const operand = this.unary();
    this.depth -= 1;
    return this.count({ type: 'not', operand, position });
  }

  private primary(): FilterNode {
    const token = this.peek();
    if (token.kind === 'symbol' && token.text === '(') {
      this.next();
      this.enter(token.start);
      const inner = this.or();
      this.depth -= 1;
      if (!this.isSymbol(')')) {
        const found = this.peek();
        throw found.kind === 'end' ? new FilterError("Missing ')'", found.start) : unexpected(found);
      }
      this.next();
      return inner;
    }
    if (token.kind === 'identifier' && !this.isKeyword(token)) {
      this.next();
      const field = this.count<FieldNode>({ type: 'field', name: token.text, position: token.start });
      return this.isSymbol('.') ? this.call(field) : field;
    }
    return this.literal();
  }

  private isKeyword(token: Token): boolean {
    return KEYWORDS.has(token.text.toLowerCase());
  }

  private literal(): LiteralNode {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return this.count({ type: 'string', value: token.value, position: token.start });
      case 'number':
        return this.count({ type: 'number', text: token.text, position: token.start });
      case 'date':
        return this.count({ type: 'date', text: token.text, position: token.start });
      case 'identifier': {
        const keyword = KEYWORDS.get(token.text.toLowerCase());
        if (keyword) return this.count(keyword(token.start));
        throw unexpected(token);
      }
      default:
        throw unexpected(token);
    }
  }

  private call(target: FieldNode): FilterNode {
    this.next(); // '.'
    const name = this.next();
    if (name.kind !== 'identifier') {
      throw new FilterError(
        `Expected a method name after '.' but found ${name.kind === 'end' ? 'the end of the filter' : show(name.text)}`,
        name.start,
      );
    }
    const open = this.peek();
    if (!this.isSymbol('(')) {
      throw new FilterError(`Expected '(' after ${show(name.text)}`, open.start);
    }
    this.next();
    const args: LiteralNode[] = [];
    if (!this.isSymbol(')')) {
      args.push(this.literal());
      while (this.isSymbol(',')) {
        this.next();
        args.push(this.literal());
      }
    }
    const close = this.peek();
    if (!this.isSymbol(')')) {
      throw close.kind === 'end' ? new FilterError("Missing ')'", close.start) : unexpected(close);
    }
    this.next();
    return this.count({ type: 'call', target, method: name.text, args, argsPosition: open.start, position: name.start });
  }
}

/** Parses dnfilter text into a syntax tree. Throws `FilterError` (with a position) on bad input. */
export const parseFilter = (text: string): FilterNode => {
  if (text.length > MAX_FILTER_LENGTH) {
    throw new FilterError(`Filter is longer than ${MAX_FILTER_LENGTH} characters`, MAX_FILTER_LENGTH);
  }
  const tokens = tokenize(text);
  if (tokens.length === 1) throw new FilterError('Filter is empty', 0);
  return new Parser(tokens).parse();
};
