import { describe, expect, it } from 'vitest';
import { searchTerms } from './terms';

describe('searchTerms', () => {
  it.each([
    ['  Smith ', { exact: 'smith', prefix: 'smith%', contains: '%smith%', phoneDigits: null, email: false }],
    ['INV-0042', { exact: 'inv-0042', prefix: 'inv-0042%', contains: '%inv-0042%', phoneDigits: null }],
    ['+1 (416) 555-0100', { exact: '+1 (416) 555-0100', phoneDigits: '14165550100' }],
    ['555', { phoneDigits: '555' }],
    ['55', { phoneDigits: null }],
    ['50%_off', { prefix: '50\\%\\_off%', phoneDigits: null }],
    ['Pat@Example.com', { exact: 'pat@example.com', phoneDigits: null, email: true }],
  ])('reads %j', (search, expected) => {
    expect(searchTerms(search)).toMatchObject(expected);
  });
});
