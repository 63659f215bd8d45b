import type { Paged, SearchResult } from '@portal/contract';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { presentSearchResult } from './presenter';
import { countHits, searchPage } from './repository';
import { searchTerms } from './terms';

/** `Search`: the accounts, invoices and contacts the caller reaches that match the text, best first. */
export const searchAccounts = async (
  { db }: Pick<Deps, 'db'>,
  caller: Caller,
  { search, skip, take, count }: { search: string; skip: number; take: number; count?: boolean | undefined },
): Promise<Paged<SearchResult>> => {
  const terms = searchTerms(search);
  const [rows, total] = await Promise.all([searchPage(db, caller, terms, skip, take), count ? countHits(db, caller, terms) : Promise.resolve(undefined)]);
  return { value: rows.map(presentSearchResult), ...(total === undefined ? {} : { count: total }) };
};
