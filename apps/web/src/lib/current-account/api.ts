import { endpoints, MAX_TAKE } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { accountSearchFilter, accountsOfHits } from './rules';

export type { AccountOption } from './rules';

/** How many matches the staff search shows (they reach thousands of accounts). */
export const STAFF_SEARCH_TAKE = 20;

/** Account/names: the user's own accounts (with sub-accounts), alphabetically, counted. */
export const myAccountNamesQuery = () =>
  queryOptions({
    queryKey: ['account-names', 'mine'],
    queryFn: ({ signal }) =>
      api.call(endpoints.accountNames, {
        query: { orderby: 'listName asc', count: 'true', skip: 0, take: MAX_TAKE },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** Hits asked for: an account can match several ways (its name, a contact, invoices), so more than are shown. */
const SEARCH_HITS = 3 * STAFF_SEARCH_TAKE;

/**
 * Staff/Admin typing in the selector: GET Search, which also matches invoice and contact emails, phones in
 * any format and invoice numbers; the first 20 accounts, best match first.
 */
export const staffAccountSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['account-search', text.trim().toLowerCase()],
    queryFn: async ({ signal }) =>
      accountsOfHits((await api.call(endpoints.search, { query: { search: text.trim(), take: SEARCH_HITS }, signal })).value).slice(
        0,
        STAFF_SEARCH_TAKE,
      ),
    staleTime: 60_000,
  });

/** Staff/Admin search: `ListName.contains("text")`, first 20 alphabetically. */
export const accountSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['account-names', 'search', text.trim().toLowerCase()],
    queryFn: ({ signal }) =>
      api.call(endpoints.accountNames, {
        query: { orderby: 'listName asc', skip: 0, take: STAFF_SEARCH_TAKE, dnfilter: accountSearchFilter(text) },
        signal,
      }),
    staleTime: 60_000,
  });

/**
 * One account's list entry (its name), for an account chosen earlier that is not in the current results.
 * `accountId` asks the service to include that account in the answer whatever page is requested.
 */
export const accountNameQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account-names', 'one', accountId],
    queryFn: async ({ signal }) => {
      const page = await api.call(endpoints.accountNames, {
        query: { orderby: 'listName asc', skip: 0, take: 1, accountId },
        signal,
      });
      return page.value.find((entry) => entry.accountId === accountId) ?? null;
    },
    staleTime: 5 * 60_000,
  });
