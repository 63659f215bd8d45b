/**
 * dnfilter text → tokens, each with its 0-based start. Strings are JSON strings (so a client can
 * build one with `JSON.stringify`); numbers keep their text; bare ISO dates are one token.
 */
import { textProblem } from '@portal/contract';
import { FilterError, show } from './errors';
import { parseTemporal } from './temporal';

export type SymbolText = '==' | '!=' | '<=' | '>=' | '&&' | '||' | '<' | '>' | '!' | '(' | ')' | '.' | ',';

export type Token =
  | { kind: 'identifier' | 'number' | 'date'; text: string; start: number }
  | { kind: 'symbol'; text: SymbolText; start: number }
  /** `text` is the source including quotes; `value` the decoded string. */
  | { kind: 'string'; text: string; value: string; start: number }
  | { kind: 'end'; text: ''; start: number };

// Longest first, so `<=` wins over `<`.
const SYMBOLS: readonly SymbolText[] = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '.', ','];
const WHITESPACE = /[ \t\r\n]+/y;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const DATE_START = /\d{4}-\d/y;
const DATE_RUN = /[0-9A-Za-z:.+-]+/y;
// What may not directly follow a number: `1e5`, `1.`, `12abc` are one bad number, not two tokens.
const NUMBER_TAIL = /[A-Za-z0-9_.]*/y;
const HEX4 = /^[0-9A-Fa-f]{4}$/;

// Maps, not objects: caller text must never reach `Object.prototype` members.
const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
]);

const HINTS: ReadonlyMap<string, string> = new Map([
  ['=', " (use '==' to compare)"],
  ['&', " (use '&&')"],
  ['|', " (use '||')"],
  ["'", ' (strings use double quotes)'],
]);

const matchAt = (pattern: RegExp, text: string, index: number): string | undefined => {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0];
};

const readString = (text: string, start: number): Extract<Token, { kind: 'string' }> => {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      const problem = textProblem(value);
      if (problem) throw new FilterError(`Invalid string: ${problem.replace(/\.$/, '')}`, start);
      return { kind: 'string', text: text.slice(start, index + 1), value, start };
    }
    if (char !== '\\') {
      value += char;
      index += 1;
      continue;
    }
    const escape = text[index + 1];
    if (escape === undefined) break;
    const simple = SIMPLE_ESCAPES.get(escape);
    if (simple !== undefined) {
      value += simple;
      index += 2;
    } else if (escape === 'u' && HEX4.test(text.slice(index + 2, index + 6))) {
      value += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
      index += 6;
    } else {
      const shown = escape === 'u' ? text.slice(index, index + 6) : `\\${String.fromCodePoint(text.codePointAt(index + 1)!)}`;
      throw new FilterError(`Invalid escape ${show(shown)} in string`, index);
    }
  }
  throw new FilterError('Unterminated string', start);
};

/** Splits filter text into tokens; the last token is always `end`. Throws `FilterError`. */
export const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const space = matchAt(WHITESPACE, text, index);
    if (space) {
      index += space.length;
      continue;
    }
    const char = text[index]!;
    const start = index;

    if (char === '"') {
      const token = readString(text, start);
      tokens.push(token);
      index += token.text.length;
      continue;
    }
    if (matchAt(DATE_START, text, index)) {
      const run = matchAt(DATE_RUN, text, index)!;
      if (!parseTemporal(run)) throw new FilterError(`Invalid date ${show(run)}`, start);
      tokens.push({ kind: 'date', text: run, start });
      index += run.length;
      continue;
    }
    const number = matchAt(NUMBER, text, index);
    if (number) {
      const tail = matchAt(NUMBER_TAIL, text, index + number.length) ?? '';
      if (tail) throw new FilterError(`Invalid number ${show(number + tail)}`, start);
      tokens.push({ kind: 'number', text: number, start });
      index += number.length;
      continue;
    }
    const identifier = matchAt(IDENTIFIER, text, index);
    if (identifier) {
      tokens.push({ kind: 'identifier', text: identifier, start });
      index += identifier.length;
      continue;
    }
    const symbol = SYMBOLS.find((s) => text.startsWith(s, index));
    if (symbol) {
      tokens.push({ kind: 'symbol', text: symbol, start });
      index += symbol.length;
      continue;
    }
    const shown = String.fromCodePoint(text.codePointAt(index)!);
    throw new FilterError(`Unexpected character ${show(shown)}${HINTS.get(char) ?? ''}`, start);
  }
  tokens.push({ kind: 'end', text: '', start: text.length });
  return tokens;
};
