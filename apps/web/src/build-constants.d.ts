import type { Brand, Endpoints } from '@portal/contract';

declare global {
  /** The single sign-on path of the endpoint table, written in by the build (build-constants.ts). */
  const __MICROSOFT_LOGIN_PATH__: Endpoints['microsoftLogin']['path'];
  /** The path of the single sign-on providers list, written in by the build (build-constants.ts). */
  const __OPEN_ID_PROVIDERS_PATH__: Endpoints['openIdProviders']['path'];
  /** The provider's brand (BRAND_* variables, validated by the contract's BrandSchema), written in by the build. */
  const __BRAND__: Brand;
}
