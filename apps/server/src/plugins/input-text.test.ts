import { describe, expect, it } from 'vitest';
import { parseFormBody, parseQueryString } from './input-text';

describe('parseQueryString', () => {
  it('decodes names and values, + as space, repeated names as lists', () => {
    expect({ ...parseQueryString('a=1&b=x+y&b=%C3%A9&c&=z') }).toEqual({ a: '1', b: ['x y', 'é'], c: '', '': 'z' });
  });
  it('has no prototype to pollute', () => {
    const values = parseQueryString('__proto__=1&constructor=2');
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(values['__proto__']).toBe('1');
  });
  it.each([
    ['search=a%00b', 'Query parameter "search": Text may not contain control characters.'],
    ['search=%FF', 'Query parameter "search" is not valid percent-encoded UTF-8.'],
    ['search=%ED%A0%80', 'Query parameter "search" is not valid percent-encoded UTF-8.'],
    ['search=%E', 'Query parameter "search" is not valid percent-encoded UTF-8.'],
    ['a%00=1', 'Query parameter (its name): Text may not contain control characters.'],
  ])('marks %s as a problem for the request hook', (query, message) => {
    const values = parseQueryString(query);
    const problem = Object.getOwnPropertySymbols(values).map((s) => (values as Record<symbol, unknown>)[s]);
    expect(problem).toEqual([message]);
  });
});

describe('parseFormBody', () => {
  it('parses a form and throws 400 on unsafe text', () => {
    expect({ ...parseFormBody('nameOnCard=Ada+Lovelace') }).toEqual({ nameOnCard: 'Ada Lovelace' });
    expect(() => parseFormBody('nameOnCard=%00')).toThrow('Form field "nameOnCard": Text may not contain control characters.');
  });
});
