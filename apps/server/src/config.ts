import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The origin users reach the portal at; redirects and links must stay on it. */
  PUBLIC_ORIGIN: optionalUrl,
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Billing Portal <no-reply@example-telecom.com>'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Point the Stripe SDK at another host (a local stand-in in tests). */
  STRIPE_API_BASE: optionalUrl,
  /** Remote JWKS the billing side trusts; default: the keys this server's auth module publishes. */
  AUTH_JWKS_URL: optionalUrl,
  SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(43200).default(480),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(60000).default(2000),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

export type Config = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_ORIGIN' | 'PAYMENT_PROVIDER'> & {
  PUBLIC_ORIGIN: string;
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
};

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    ...c,
    PUBLIC_ORIGIN: new URL(c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).origin,
    PAYMENT_PROVIDER: c.PAYMENT_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
  };
};

/** Config for tests: defaults plus overrides, never the developer's environment. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', SANDBOX_SETTLE_MS: '0' }),
  ...overrides,
});
