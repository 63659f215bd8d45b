import { accountDetails, homeModel, invoiceItem, names } from './fixtures';
import { json, mockFetch, type FetchCall } from './utils';

export interface BillingBackend {
  names?: (call: FetchCall) => Response;
  details?: (accountId: bigint) => Response;
  home?: (accountId: bigint) => Response;
  invoices?: (accountId: bigint) => Response;
}

/** A fake billing service for the dashboard and shell: each part can be overridden per test. */
export const mockBilling = (overrides: BillingBackend = {}) =>
  mockFetch((call) => {
    const path = call.url.pathname;
    const id = (prefix: string) => BigInt(path.slice(prefix.length));
    if (path === '/b/v1/Account/names') return (overrides.names ?? (() => json(names([1001n, 'Casey Customer', null]))))(call);
    if (path.startsWith('/b/v1/Account/details/')) {
      const accountId = id('/b/v1/Account/details/');
      return overrides.details ? overrides.details(accountId) : json(accountDetails(accountId));
    }
    if (path.startsWith('/b/v1/Billing/GetClientHomeModel/')) {
      const accountId = id('/b/v1/Billing/GetClientHomeModel/');
      return overrides.home ? overrides.home(accountId) : json(homeModel([[-120.5, 'CAD']]));
    }
    if (path === '/b/v1/Invoice/items') {
      const accountId = BigInt(/AccountId==(\d+)/.exec(call.url.searchParams.get('dnfilter') ?? '')?.[1] ?? '0');
      return overrides.invoices
        ? overrides.invoices(accountId)
        : json({ value: [invoiceItem(77n, accountId, 'INV-2025-04'), invoiceItem(76n, accountId, 'INV-2025-03')] });
    }
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
