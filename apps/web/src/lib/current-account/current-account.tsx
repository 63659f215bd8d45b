import type { AccountListName } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SeenCurrencies } from '../format';
import type { Session } from '../session/session';
import { persistentStore, STORAGE_KEYS } from '../storage';
import { accountNameQuery, myAccountNamesQuery } from './api';
import { closureOf, initialAccountId, reconcileAccount, showAccountSelector, type AccountClosure } from './rules';

export type { AccountClosure } from './rules';

/** What every screen needs to know about "the account I am looking at". */
export interface CurrentAccount {
  /**
   * The selected account; null while a customer's list is still loading a saved choice, or for Staff/Admin
   * who have not picked one yet. Screens show a prompt (or nothing) when it is null.
   */
  accountId: bigint | null;
  /** The selected account's list name, when known. */
  accountName: string | null;
  /** The selected account's closure when it is closed (read-only, its documents kept until a date); else null. */
  closure: AccountClosure | null;
  /** A customer's reachable accounts (with sub-accounts), alphabetically; empty for Staff/Admin, who search. */
  accounts: AccountListName[];
  /** True until the selection is settled (the customer's list, or the staff member's account name, is loading). */
  isLoading: boolean;
  /** Shown for Admin/Staff or when the user reaches more than one account. */
  showSelector: boolean;
  /** Staff/Admin search accounts on the server instead of picking from `accounts`. */
  searchesServer: boolean;
  /** The currencies of the accounts the person reaches (`'many'` for Staff/Admin): amounts name theirs when ambiguous. */
  currencies: SeenCurrencies;
  /** Selects an account and saves it under `currentAccountId`. Pass its list entry when known (shows its name at once). */
  selectAccount: (accountId: bigint, entry?: AccountListName) => void;
}

const CurrentAccountContext = createContext<CurrentAccount | null>(null);

/**
 * The current account of the signed-in user. Only inside the authenticated layout (CurrentAccountProvider).
 *
 *   const { accountId } = useCurrentAccount();
 *   const home = useQuery({ ...homeModelQuery(accountId!), enabled: accountId !== null });
 */
const NO_CURRENCIES: SeenCurrencies = [];
/** The currencies the signed-in person sees; none outside the authenticated layout. */
export const useSeenCurrencies = (): SeenCurrencies => useContext(CurrentAccountContext)?.currencies ?? NO_CURRENCIES;

/** The selected account's closure; null while it is open, and outside the authenticated layout. */
export const useSelectedAccountClosure = (): AccountClosure | null => useContext(CurrentAccountContext)?.closure ?? null;

export const useCurrentAccount = (): CurrentAccount => {
  const value = useContext(CurrentAccountContext);
  if (!value) throw new Error('useCurrentAccount must be used inside <CurrentAccountProvider>');
  return value;
};

const save = (accountId: bigint | null): void => {
  if (accountId === null) persistentStore.removeItem(STORAGE_KEYS.currentAccountId);
  else persistentStore.setItem(STORAGE_KEYS.currentAccountId, String(accountId));
};

/** Holds the selection for one signed-in user; key it by user so a new login starts afresh. */
export function CurrentAccountProvider({ session, children }: { session: Session; children: ReactNode }) {
  const [selected, setSelected] = useState<bigint | null>(() =>
    initialAccountId(persistentStore.getItem(STORAGE_KEYS.currentAccountId), session),
  );
  const [chosen, setChosen] = useState<AccountListName | null>(null);
  const staff = session.isStaff;

  const mine = useQuery({ ...myAccountNamesQuery(), enabled: !staff });
  const knownName = chosen && chosen.accountId === selected ? chosen : null;
  // Always asked for Staff's account: a search hit that named it does not say whether it is closed.
  const lookup = useQuery({
    ...accountNameQuery(selected ?? 0n),
    enabled: staff && selected !== null,
  });

  const list = useMemo(() => mine.data?.value ?? [], [mine.data]);
  const currencies = useMemo<SeenCurrencies>(
    () => (staff ? 'many' : [...new Set(list.flatMap((entry) => (entry.currency ? [entry.currency] : [])))]),
    [staff, list],
  );

  // Customers: once the list is in, a saved account that is not in it is replaced.
  let accountId: bigint | null;
  if (staff) accountId = selected;
  else if (mine.data) accountId = reconcileAccount(selected, list);
  else if (mine.isError)
    accountId = selected !== null && session.accounts.includes(selected) ? selected : (session.accounts[0] ?? null);
  // While loading, only an account named by the token is known to be reachable.
  else accountId = selected !== null && session.accounts.includes(selected) ? selected : null;

  useEffect(() => {
    if (accountId !== null && accountId !== selected) setSelected(accountId);
  }, [accountId, selected]);

  useEffect(() => {
    if (selected !== null) save(selected);
  }, [selected]);

  const selectAccount = useCallback((id: bigint, entry?: AccountListName) => {
    setSelected(id);
    setChosen(entry ?? null);
  }, []);

  const accountName = staff
    ? (knownName?.listName ?? lookup.data?.listName ?? null)
    : (list.find((a) => a.accountId === accountId)?.listName ?? null);

  const closure = closureOf(staff ? lookup.data : list.find((a) => a.accountId === accountId));

  const count = mine.data?.count ?? mine.data?.value.length ?? session.accounts.length;
  const value: CurrentAccount = {
    accountId,
    accountName,
    closure,
    accounts: list,
    isLoading: staff ? selected !== null && knownName === null && lookup.isPending : mine.isPending && accountId === null,
    showSelector: showAccountSelector(session, count),
    searchesServer: staff,
    currencies,
    selectAccount,
  };
  return <CurrentAccountContext.Provider value={value}>{children}</CurrentAccountContext.Provider>;
}

/**
 * The closure of any account the person reaches (an invoice's, which need not be the selected one): from the
 * customer's list, or asked for Staff; null while open or unknown.
 */
export const useAccountClosure = (accountId: bigint | null): AccountClosure | null => {
  const current = useCurrentAccount();
  const asked = current.searchesServer && accountId !== null && accountId !== current.accountId;
  const lookup = useQuery({ ...accountNameQuery(accountId ?? 0n), enabled: asked });
  if (accountId === null) return null;
  if (accountId === current.accountId) return current.closure;
  return closureOf(asked ? lookup.data : current.accounts.find((a) => a.accountId === accountId));
};
