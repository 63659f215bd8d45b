import { z } from 'zod';
import { builtOnFirstUse } from './lazy-schema';

/**
 * The telecom provider the portal is branded for: one validated configuration, read from
 * `BRAND_*` environment variables by the server when it starts (PDFs, emails, the checkout page) and by the
 * web build (the app), so every place names the same company and support line. (The tax registration
 * numbers on invoices are the server's TAX_* settings: only documents print them.)
 */
export const BrandSchema = builtOnFirstUse(() =>
  z.object({
    name: z.string().trim().min(1).max(80),
    /**
     * The logo the web app shows beside the name: a path on the portal (a file in apps/web/public, e.g.
     * "/brand/logo.svg", served with the app under its content security policy); empty for the built-in mark.
     */
    logoUrl: z.union([z.literal(''), z.string().regex(/^\/[^\s"'<>]*$/, 'a path starting with /')]),
    supportPhone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{7,20}$/, 'a phone number'),
    supportEmail: z.email(),
    website: z.string().trim().min(1).max(100),
    /** Postal address lines, as printed on invoices. */
    addressLines: z.array(z.string().trim().min(1).max(100)).min(1).max(5),
    /** Headings, rules and buttons of documents and the checkout page. */
    accent: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1d4ed8'),
  }),
);
export type Brand = z.infer<typeof BrandSchema>;

export const DEFAULT_BRAND: Brand = {
  name: 'Example Telecom',
  logoUrl: '',
  supportPhone: '+1 800 555 0199',
  supportEmail: 'support@example-telecom.com',
  website: 'www.example-telecom.com',
  addressLines: ['100 Network Way, Suite 400', 'Toronto, ON M5V 2T6', 'Canada'],
  accent: '#1d4ed8',
};

/** The environment variable of each field (`BRAND_ADDRESS` holds the lines separated by `|`). */
export const BRAND_VARIABLES = {
  name: 'BRAND_NAME',
  logoUrl: 'BRAND_LOGO_URL',
  supportPhone: 'BRAND_SUPPORT_PHONE',
  supportEmail: 'BRAND_SUPPORT_EMAIL',
  website: 'BRAND_WEBSITE',
  addressLines: 'BRAND_ADDRESS',
  accent: 'BRAND_ACCENT',
} as const satisfies Record<keyof Brand, string>;

/** The brand from `BRAND_*` variables over the defaults; throws naming every variable that is wrong. */
export const brandFromEnv = (env: Readonly<Record<string, string | undefined>>): Brand => {
  const given = (field: keyof Brand) => {
    const value = env[BRAND_VARIABLES[field]];
    return value === undefined || value === '' ? undefined : value;
  };
  const address = given('addressLines');
  const candidate = {
    ...DEFAULT_BRAND,
    ...Object.fromEntries(
      (Object.keys(BRAND_VARIABLES) as (keyof Brand)[])
        .filter((f) => f !== 'addressLines' && given(f) !== undefined)
        .map((f) => [f, given(f)]),
    ),
    ...(address ? { addressLines: address.split('|').map((line) => line.trim()) } : {}),
  };
  const parsed = BrandSchema.safeParse(candidate);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${BRAND_VARIABLES[issue.path[0] as keyof Brand]}: ${issue.message}`);
    throw new Error(`Invalid brand configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
};
