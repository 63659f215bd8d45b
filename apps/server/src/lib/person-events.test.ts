import { describe, expect, it } from 'vitest';
import { accessChanges, reachedAccountIds } from './person-events';

const ids = (list: readonly number[]) => list.map(BigInt);

describe('reachedAccountIds', () => {
  it.each([
    { status: 'active', accountIds: [1, 2], reached: [1, 2] },
    { status: 'pending', accountIds: [1], reached: [] },
    { status: 'disabled', accountIds: [1, 2], reached: [] },
  ])('a $status user with $accountIds reaches $reached', ({ status, accountIds, reached }) => {
    expect(reachedAccountIds({ status, accountIds: ids(accountIds) })).toEqual(ids(reached));
  });
});

describe('accessChanges', () => {
  it.each([
    { before: [], after: [2, 1, 2], joined: [1, 2], removed: [] },
    { before: [1, 2], after: [2, 3], joined: [3], removed: [1] },
    { before: [3, 1], after: [], joined: [], removed: [1, 3] },
    { before: [1, 2], after: [2, 1], joined: [], removed: [] },
  ])('$before → $after', ({ before, after, joined, removed }) => {
    expect(accessChanges(ids(before), ids(after))).toEqual({ joined: ids(joined), removed: ids(removed) });
  });
});
