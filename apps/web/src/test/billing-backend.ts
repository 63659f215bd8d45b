import { endpoints } from '@portal/contract';
import { isCallTo } from './calls';
import { accountDetails, homeModel, invoiceItem, names } from './fixtures';
import { json, mockFetch, type FetchCall } from './utils';

export interface BillingBackend {
  names?: (call: FetchCall) => Response;
  details?: (accountId: bigint) => Response;
  home?: (accountId: bigint) => Response;
  invoices?: (accountId: bigint) => Response;
  search?: (call: FetchCall) => Response;
}

/** A fake billing service for the dashboard and shell: each part can be overridden per test. */
export const mockBilling = (overrides: BillingBackend = {}) =>
  mockFetch((call) => {
    const path = call.url.pathname;
    const lastId = () => BigInt(path.slice(path.lastIndexOf('/') + 1));
    if (isCallTo(endpoints.accountNames, call))
      return (overrides.names ?? (() => json(names([1001n, 'Casey Customer', null]))))(call);
    if (isCallTo(endpoints.accountDetails, call)) {
      const accountId = lastId();
      return overrides.details ? overrides.details(accountId) : json(accountDetails(accountId));
    }
    if (isCallTo(endpoints.homeModel, call)) {
      const accountId = lastId();
      return overrides.home ? overrides.home(accountId) : json(homeModel([[-120.5, 'CAD']]));
    }
    if (isCallTo(endpoints.invoices, call)) {
      const accountId = BigInt(/AccountId==(\d+)/.exec(call.url.searchParams.get('dnfilter') ?? '')?.[1] ?? '0');
      return overrides.invoices
        ? overrides.invoices(accountId)
        : json({ value: [invoiceItem(77n, accountId, 'INV-2025-04'), invoiceItem(76n, accountId, 'INV-2025-03')] });
    }
    if (overrides.search && isCallTo(endpoints.search, call)) return overrides.search(call);
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
