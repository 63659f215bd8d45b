import type { Endpoints } from '@portal/contract';

declare global {
  /** The single sign-on path of the endpoint table, written in by the build (build-constants.ts). */
  const __MICROSOFT_LOGIN_PATH__: Endpoints['microsoftLogin']['path'];
}
