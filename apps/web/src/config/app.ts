/**
 * Branding and support details shown across the portal: the provider's brand from the BRAND_* variables
 * (the same configuration the server's PDFs, emails and checkout page use; checked at build), and the single
 * sign-on provider's name (VITE_SSO_PROVIDER_NAME).
 */
const env = import.meta.env;

const text = (value: unknown, fallback: string, name: string): string => {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${name} must be a non-empty string`);
  return value.trim();
};

export const appConfig = {
  productName: __BRAND__.name,
  logoUrl: __BRAND__.logoUrl,
  supportPhone: __BRAND__.supportPhone,
  supportEmail: __BRAND__.supportEmail,
  /** Shown as the single sign-on provider's name ("Sign in with Microsoft"). */
  ssoProviderName: text(env.VITE_SSO_PROVIDER_NAME, 'Microsoft', 'VITE_SSO_PROVIDER_NAME'),
} as const;

/** `tel:` URI of the support phone (digits and a leading +). */
export const supportPhoneHref = `tel:${appConfig.supportPhone.replace(/[^\d+]/g, '')}`;
export const supportEmailHref = `mailto:${appConfig.supportEmail}`;
