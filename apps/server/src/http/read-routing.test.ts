import { describe, expect, it } from 'vitest';
import { replicaFailureOf } from './read-routing';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('replicaFailureOf', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED'), 'lost'],
    ['a server shutting down', coded('57P01', 'terminating connection due to administrator command'), 'lost'],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly'), 'lost'],
    ['no connection free in time', new Error('timeout exceeded when trying to connect'), 'lost'],
    ['a lost connection wrapped by the query builder', new Error('Failed query: select 1', { cause: coded('ECONNRESET') }), 'lost'],
    ['a statement cancelled by recovery', new Error('Failed query', { cause: coded('40001', 'canceling statement due to conflict with recovery') }), 'conflict'],
    ['a wrong query', coded('42P01', 'relation "nope" does not exist'), null],
    ['a statement timeout', coded('57014', 'canceling statement due to statement timeout'), null],
    ['an HTTP error', Object.assign(new Error('The account was not found.'), { statusCode: 404 }), null],
    ['not an error', 'ECONNREFUSED', null],
  ])('%s: %s', (_what, error, failure) => expect(replicaFailureOf(error)).toBe(failure));
});
