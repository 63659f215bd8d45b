import { describe, expect, it } from 'vitest';
import { invoices } from '../db/schema';
import { FilterError } from './errors';
import type { FilterFields } from './fields';
import { pinnedId } from './pinned';

const INVOICE_FIELDS: FilterFields = {
  Id: { type: 'id', column: invoices.id },
  AccountId: { type: 'id', column: invoices.accountId },
  State: { type: 'string', column: invoices.state },
  EndDate: { type: 'date', column: invoices.endDate },
};

describe('pinnedId', () => {
  it.each([
    { filter: 'AccountId==7', pinned: 7n },
    { filter: 'accountid == 7', pinned: 7n },
    { filter: '7 == AccountId', pinned: 7n },
    { filter: 'AccountId==7 && State=="Posted" && EndDate>=2020-01-01', pinned: 7n },
    { filter: 'State=="Posted" && (EndDate>=2020-01-01 && AccountId==9007199254740993)', pinned: 9007199254740993n },
    { filter: undefined, pinned: undefined },
    { filter: '  ', pinned: undefined },
    { filter: 'State=="Posted"', pinned: undefined },
    { filter: 'AccountId==7 || AccountId==8', pinned: undefined },
    { filter: '!(AccountId==7)', pinned: undefined },
    { filter: 'AccountId!=7', pinned: undefined },
    { filter: 'AccountId>=7', pinned: undefined },
    { filter: 'AccountId==7.5', pinned: undefined },
    { filter: 'AccountId=="7"', pinned: undefined },
    { filter: 'Id==7', pinned: undefined },
  ])('$filter pins the account to $pinned', ({ filter, pinned }) => {
    expect(pinnedId(filter, INVOICE_FIELDS, invoices.accountId)).toBe(pinned);
  });

  it('throws the parse error compiling would', () => {
    expect(() => pinnedId('AccountId==', INVOICE_FIELDS, invoices.accountId)).toThrow(FilterError);
  });
});
