/**
 * Branding and support details shown across the portal. Each can be overridden at build time with a
 * VITE_* variable so one build of the portal can be white-labelled per telecom; values are checked once here.
 */
const env = import.meta.env;

const text = (value: unknown, fallback: string, name: string): string => {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${name} must be a non-empty string`);
  return value.trim();
};

export const appConfig = {
  productName: text(env.VITE_PRODUCT_NAME, 'Example Telecom', 'VITE_PRODUCT_NAME'),
  supportPhone: text(env.VITE_SUPPORT_PHONE, '+1 800 555 0199', 'VITE_SUPPORT_PHONE'),
  supportEmail: text(env.VITE_SUPPORT_EMAIL, 'support@example-telecom.com', 'VITE_SUPPORT_EMAIL'),
  /** Shown as the single sign-on provider's name ("Sign in with Microsoft"). */
  ssoProviderName: text(env.VITE_SSO_PROVIDER_NAME, 'Microsoft', 'VITE_SSO_PROVIDER_NAME'),
} as const;

if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(appConfig.supportEmail)) {
  throw new Error('VITE_SUPPORT_EMAIL must be an email address');
}

/** `tel:` URI of the support phone (digits and a leading +). */
export const supportPhoneHref = `tel:${appConfig.supportPhone.replace(/[^\d+]/g, '')}`;
export const supportEmailHref = `mailto:${appConfig.supportEmail}`;
