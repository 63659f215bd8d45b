import type { AccountListName, SearchResult } from '@portal/contract';
import { accountSearchFilter, accountsOfHits, closureOf, dnString, filterAccounts, groupAccounts, groupParentName, initialAccountId, parseAccountId, reconcileAccount, showAccountSelector } from './rules';

const acc = (accountId: bigint, listName: string, parentId: bigint | null = null): AccountListName => ({
  accountId,
  listName,
  parentId,
});

const family = [acc(10n, 'Zeta Family'), acc(11n, 'Zeta Kids', 10n), acc(12n, 'Zeta Office', 10n), acc(20n, 'alpha Corp')];

describe('initialAccountId', () => {
  it.each([
    ['saved choice wins', '42', [7n, 8n], 42n],
    ['first token scope without a saved choice', null, [7n, 8n], 7n],
    ['junk saved value is ignored', 'abc', [7n], 7n],
    ['staff without scopes starts with none', null, [], null],
  ] as const)('%s', (_name, saved, accounts, expected) => {
    expect(initialAccountId(saved, { accounts: [...accounts] })).toBe(expected);
  });

  it('parses only plain ids', () => {
    expect(parseAccountId('9223372036854775807')).toBe(9223372036854775807n);
    expect(parseAccountId('-1')).toBeNull();
    expect(parseAccountId('')).toBeNull();
  });
});

describe('reconcileAccount', () => {
  it.each([
    ['keeps a selection that is in the list', 11n, family, 11n],
    ['not in the list → first top-level alphabetically (case-insensitive)', 99n, family, 20n],
    ['nothing selected → first top-level alphabetically', null, family, 20n],
    ['only sub-accounts whose parent is absent count as top-level', 99n, [acc(31n, 'B', 5n), acc(30n, 'A', 5n)], 30n],
    ['empty list keeps the selection', 5n, [], 5n],
  ] as const)('%s', (_name, selected, list, expected) => {
    expect(reconcileAccount(selected, list)).toBe(expected);
  });
});

describe('groupAccounts', () => {
  it('lists top-level accounts first, then "{parent} (Sub-Accounts)" groups', () => {
    expect(groupAccounts(family)).toEqual([
      { parentName: null, parentId: null, accounts: [family[3], family[0]] },
      { parentName: 'Zeta Family', parentId: 10n, accounts: [family[1], family[2]] },
    ]);
  });

  it('treats sub-accounts of a parent that is not in the list as top-level', () => {
    expect(groupAccounts([acc(2n, 'Orphan', 1n)])).toEqual([
      { parentName: null, parentId: null, accounts: [acc(2n, 'Orphan', 1n)] },
    ]);
  });

  it('keeps the order of search hits (best first) within the same grouping', () => {
    const hits = [acc(3n, 'Zed Line', 1n), acc(2n, 'Beta'), acc(1n, 'Alpha'), acc(4n, 'Able Line', 1n)];
    expect(groupAccounts(hits, 'asListed').map((g) => [g.parentName, g.accounts.map((a) => a.accountId)])).toEqual([
      [null, [2n, 1n]],
      ['Alpha', [3n, 4n]],
    ]);
  });

  it('groups deeper sub-accounts under their own parent', () => {
    const groups = groupAccounts([acc(1n, 'Root'), acc(2n, 'Child', 1n), acc(3n, 'Grandchild', 2n)]);
    expect(groups.map((g) => [g.parentName, g.accounts.map((a) => a.accountId)])).toEqual([
      [null, [1n]],
      ['Root', [2n]],
      ['Child', [3n]],
    ]);
  });
});

describe('showAccountSelector', () => {
  it.each([
    [true, 0, true],
    [true, 1, true],
    [false, 1, false],
    [false, 2, true],
  ])('staff %s with %i accounts → %s', (isStaff, count, expected) => {
    expect(showAccountSelector({ isStaff }, count)).toBe(expected);
  });
});

describe('search helpers', () => {
  it('filters a customer list by name or number, ignoring case', () => {
    expect(filterAccounts(family, 'KIDS').map((a) => a.accountId)).toEqual([11n]);
    expect(filterAccounts(family, '20').map((a) => a.accountId)).toEqual([20n]);
    expect(filterAccounts(family, '  ')).toHaveLength(4);
  });

  it.each([
    ['acme', 'ListName.contains("acme")'],
    ['  Bob  ', 'ListName.contains("Bob")'],
    ['say "hi"', 'ListName.contains("say \\"hi\\"")'],
    ['back\\slash', 'ListName.contains("back\\\\slash")'],
    ['', undefined],
  ])('staff filter for %j', (text, expected) => {
    expect(accountSearchFilter(text)).toBe(expected);
  });

  it('escapes quotes so user text cannot end the literal', () => {
    expect(dnString('") || (1==1')).toBe('"\\") || (1==1"');
  });
});

describe('accountsOfHits', () => {
  const hit = (accountId: bigint, field: SearchResult['matched']['field'], value: string): SearchResult => ({
    kind: 'account',
    id: accountId,
    accountId,
    accountName: `Account ${accountId} (C-${accountId})`,
    accountParentId: accountId === 2n ? 1n : null,
    title: '',
    subtitle: null,
    matched: { field, value },
  });

  it('keeps the best hit of each account in the service order, and explains matches other than name or number', () => {
    expect(
      accountsOfHits([
        hit(2n, 'contactPhone', '+14165550134'),
        hit(1n, 'accountNumber', 'C-1'),
        hit(2n, 'accountName', 'Account 2'),
        hit(3n, 'invoiceNumber', 'INV-9'),
        hit(1n, 'contactEmail', 'a@example.com'),
      ]),
    ).toEqual([
      { accountId: 2n, listName: 'Account 2 (C-2)', parentId: 1n, matched: { field: 'contactPhone', value: '+14165550134' } },
      { accountId: 1n, listName: 'Account 1 (C-1)', parentId: null },
      { accountId: 3n, listName: 'Account 3 (C-3)', parentId: null, matched: { field: 'invoiceNumber', value: 'INV-9' } },
    ]);
  });

  it('offers nothing for no hits', () => {
    expect(accountsOfHits([])).toEqual([]);
  });
});

describe('groupParentName', () => {
  it.each([
    ['Jordan Lee (100002)', 'Jordan Lee, 100002'],
    ['Zeta Family', 'Zeta Family'],
    ['Acme (West) (100010)', 'Acme (West), 100010'],
    ['Alpha Line (C-201)', 'Alpha Line, C-201'],
  ])('%s → %s', (listName, expected) => {
    expect(groupParentName(listName)).toBe(expected);
  });
});

describe('closureOf', () => {
  it.each([
    ['an open account', { closedAt: null, documentsUntil: null }, null],
    ['a closed one', { closedAt: '2026-03-15T12:00:00.000Z', documentsUntil: '2033-03-13T12:00:00.000Z' }, { closedAt: '2026-03-15T12:00:00.000Z', documentsUntil: '2033-03-13T12:00:00.000Z' }],
    ['an entry that does not say (a search hit)', {}, null],
    ['no entry', undefined, null],
  ])('%s', (_case, entry, closure) => {
    expect(closureOf(entry)).toEqual(closure);
  });
});
