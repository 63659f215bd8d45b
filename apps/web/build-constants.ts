// A relative import: Vite and Vitest load their config with Node, which cannot run the contract package's
// TypeScript entry; files reached by relative path are bundled into the config instead.
import { brandFromEnv } from '../../packages/contract/src/brand';
import { endpoints } from '../../packages/contract/src/endpoints';

/**
 * Values of the endpoint table written into the code at build time, for pages that must not download the
 * contract: its schemas bring zod, and the sign-in page shows its single sign-on link within the /login
 * budget (docs/decisions/0009-performance-budgets.md). Declared for the type checker in src/build-constants.d.ts.
 */
export const buildConstants = {
  __MICROSOFT_LOGIN_PATH__: JSON.stringify(endpoints.microsoftLogin.path),
  __OPEN_ID_PROVIDERS_PATH__: JSON.stringify(endpoints.openIdProviders.path),
  // The provider's brand from the same BRAND_* variables the server reads, checked here.
  __BRAND__: JSON.stringify(brandFromEnv(process.env)),
};
