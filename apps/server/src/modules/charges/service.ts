import type { Charge, Paged, PagedQuery } from '@portal/contract';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { presentCharge } from './presenter';
import { listVisibleCharges } from './repository';

/** `Charge/items`: the charge lines of the accounts the caller reaches, filtered, ordered and paged. */
export const listCharges = async ({ db }: Pick<Deps, 'db'>, caller: Caller, query: PagedQuery): Promise<Paged<Charge>> => {
  const page = await listVisibleCharges(db, caller, query);
  return { value: page.rows.map(presentCharge), ...(page.count === undefined ? {} : { count: page.count }) };
};
