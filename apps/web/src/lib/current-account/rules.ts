import type { AccountListName, SearchResult } from '@portal/contract';
import type { Session } from '../session/session';

/**
 * Pure rules of the current account. The provider and the selector only render them.
 */

/** When a closed account closed and until when its invoices and documents stay available (docs/decisions/0016-closing-an-account.md). */
export interface AccountClosure {
  closedAt: string;
  documentsUntil: string;
}

/** The closure of a list entry; null for an open account, or an entry that does not say (a search hit). */
export const closureOf = (entry: Pick<AccountListName, 'closedAt' | 'documentsUntil'> | null | undefined): AccountClosure | null =>
  entry?.closedAt && entry.documentsUntil ? { closedAt: entry.closedAt, documentsUntil: entry.documentsUntil } : null;

/** Parses a saved `currentAccountId`; anything but a plain non-negative integer is ignored. */
export const parseAccountId = (value: string | null | undefined): bigint | null =>
  value && /^\d{1,19}$/.test(value) ? BigInt(value) : null;

/**
 * The account to start with: the saved choice when there is one, else the first `ac:` scope of the token.
 * Staff/Admin without scopes and without a saved choice start with none (the dashboard asks them to pick).
 * A customer's saved choice is checked against their account list once it loads (see `reconcileAccount`).
 */
export const initialAccountId = (saved: string | null, session: Pick<Session, 'accounts'>): bigint | null =>
  parseAccountId(saved) ?? session.accounts[0] ?? null;

const byName = (a: AccountListName, b: AccountListName): number =>
  a.listName.localeCompare(b.listName, undefined, { sensitivity: 'base' }) || (a.accountId < b.accountId ? -1 : 1);

/** Top-level = no parent, or a parent the list does not contain (it is then shown on its own). */
const isTopLevel = (account: AccountListName, ids: Set<bigint>): boolean =>
  account.parentId === null || !ids.has(account.parentId);

/**
 * When the selected account is not in the loaded list, the first top-level account alphabetically
 * becomes selected (or the first in the list). An empty list keeps the selection: there is nothing better.
 */
export const reconcileAccount = (selected: bigint | null, list: readonly AccountListName[]): bigint | null => {
  if (list.length === 0) return selected;
  if (selected !== null && list.some((a) => a.accountId === selected)) return selected;
  const ids = new Set(list.map((a) => a.accountId));
  const topLevel = list.filter((a) => isTopLevel(a, ids)).sort(byName);
  return (topLevel[0] ?? list[0])!.accountId;
};

export interface AccountGroup<T extends AccountListName = AccountListName> {
  /** null for the main group of top-level accounts; else the parent's name ("{parent} (Sub-Accounts)"). */
  parentName: string | null;
  parentId: bigint | null;
  accounts: T[];
}

/**
 * Groups a list for the selector: top-level accounts first (alphabetically, or in the list's own order for
 * search hits, best first), then one group of sub-accounts per parent, in the parents' order, each labelled
 * "{parent} (Sub-Accounts)" by the caller.
 */
export const groupAccounts = <T extends AccountListName>(list: readonly T[], order: 'byName' | 'asListed' = 'byName'): AccountGroup<T>[] => {
  const sorted = (entries: T[]) => (order === 'byName' ? entries.sort(byName) : entries);
  const ids = new Set(list.map((a) => a.accountId));
  const topLevel = sorted(list.filter((a) => isTopLevel(a, ids)));
  const groups: AccountGroup<T>[] = topLevel.length ? [{ parentName: null, parentId: null, accounts: topLevel }] : [];
  for (const parent of topLevel) {
    const children = sorted(list.filter((a) => a.parentId === parent.accountId));
    if (children.length) groups.push({ parentName: parent.listName, parentId: parent.accountId, accounts: children });
  }
  // Sub-accounts of sub-accounts: grouped under their own parent, after the top-level families.
  const placed = new Set(groups.flatMap((g) => g.accounts.map((a) => a.accountId)));
  const rest = list.filter((a) => !placed.has(a.accountId));
  for (const parentId of [...new Set(rest.map((a) => a.parentId))]) {
    const parent = list.find((a) => a.accountId === parentId);
    groups.push({
      parentName: parent?.listName ?? null,
      parentId: parentId ?? null,
      accounts: sorted(rest.filter((a) => a.parentId === parentId)),
    });
  }
  return groups;
};

/** The selector shows for Admin/Staff, or when the user can reach more than one account (sub-accounts count). */
/**
 * The parent as its sub-accounts' group names it: a list name ends in the account number in parentheses, which
 * "{parent} (Sub-Accounts)" would double ("Jordan Lee (100002) (Sub-Accounts)"), so the number follows a comma.
 */
export const groupParentName = (listName: string): string => listName.replace(/\s*\(([^()]+)\)$/, ', $1');

export const showAccountSelector = (session: Pick<Session, 'isStaff'>, accountCount: number): boolean =>
  session.isStaff || accountCount > 1;

/** Case-insensitive client-side filter of a customer's own list (staff search on the server instead). */
export const filterAccounts = (list: readonly AccountListName[], text: string): AccountListName[] => {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter((a) => a.listName.toLocaleLowerCase().includes(needle) || String(a.accountId).includes(needle));
};

/** A dnfilter string literal: backslashes and quotes escaped, so user text can never break out of it. */
export const dnString = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** dnfilter of the staff search: `ListName.contains("text")`; no filter for blank text. */
export const accountSearchFilter = (text: string): string | undefined => {
  const trimmed = text.trim();
  return trimmed ? `ListName.contains(${dnString(trimmed)})` : undefined;
};

/** An account the selector offers, with what the search text matched when that is not its name or number. */
export type AccountOption = AccountListName & { matched?: SearchResult['matched'] };

/** The best hit of each account, in the service's order (exact, starts with, contains), as selector options. */
export const accountsOfHits = (hits: readonly SearchResult[]): AccountOption[] => {
  const seen = new Set<bigint>();
  const options: AccountOption[] = [];
  for (const hit of hits) {
    if (seen.has(hit.accountId)) continue;
    seen.add(hit.accountId);
    const byName = hit.matched.field === 'accountNumber' || hit.matched.field === 'accountName';
    options.push({
      accountId: hit.accountId,
      listName: hit.accountName,
      parentId: hit.accountParentId,
      ...(byName ? {} : { matched: hit.matched }),
    });
  }
  return options;
};
