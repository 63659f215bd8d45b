/**
 * Text a caller sends is refused at the door when it holds a control character, invalid Unicode
 * or invalid percent-encoding (one rule: `textProblem` of the contract). A NUL would otherwise
 * reach PostgreSQL and answer 500. Query strings and form bodies are checked here, JSON bodies in
 * `json.ts`; the contract's string schemas apply the same rule field by field.
 */
import fp from 'fastify-plugin';
import { textProblem } from '@portal/contract';
import { badRequest } from '../errors';

export type QueryValues = Record<string, string | string[]>;

const PROBLEM = Symbol('query problem');
type ParsedQuery = QueryValues & { [PROBLEM]?: string };

const decode = (part: string): string | null => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

type Noun = 'Query parameter' | 'Form field';

const shownName = (name: string | null): string => (name && textProblem(name) === null ? `"${name.slice(0, 40)}"` : '(its name)');

/** `a=1&b=2&b=3` → `{ a: '1', b: ['2', '3'] }` (repeated names become lists), or what is wrong with it. */
const parseEncoded = (text: string, noun: Noun): { values: QueryValues; problem: string | null } => {
  const values: QueryValues = Object.create(null) as QueryValues;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const split = pair.indexOf('=');
    const name = decode(split === -1 ? pair : pair.slice(0, split));
    const value = decode(split === -1 ? '' : pair.slice(split + 1));
    if (name === null || value === null) {
      return { values, problem: `${noun} ${shownName(name)} is not valid percent-encoded UTF-8.` };
    }
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) return { values, problem: `${noun} ${shownName(name)}: ${problem}` };
    const previous = values[name];
    values[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { values, problem: null };
};

/**
 * The router's query string parser. It runs outside any error handling, so it never throws: a
 * problem rides along with the values and the `onRequest` hook answers it with 400.
 */
export const parseQueryString = (query: string): ParsedQuery => {
  const { values, problem } = parseEncoded(query, 'Query parameter');
  return problem ? Object.assign(values, { [PROBLEM]: problem }) : values;
};

/** Form bodies (the sandbox checkout page) under the same rule; a bad one answers 400. */
export const parseFormBody = (body: string): QueryValues => {
  const { values, problem } = parseEncoded(body, 'Form field');
  if (problem) throw badRequest(problem);
  return values;
};

export const inputTextPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const problem = (request.query as ParsedQuery)[PROBLEM];
    if (problem) throw badRequest(problem);
  });
});
