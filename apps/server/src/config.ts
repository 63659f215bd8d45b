import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { DEFAULT_PAYMENT_POLICY, PaymentPolicyOverridesSchema, SESSION_IDLE_MINUTES_DEFAULT } from '@portal/contract';
import { z } from 'zod';
import { parseSecretsKey } from './lib/secret-box';
import { BRAND } from './lib/brand';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `192.0.2.10`, `2001:db8::1`, `10.0.0.0/8`, `2001:db8::/32`. */
const isAddressOrRange = (entry: string): boolean => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const flag = (byDefault: boolean) =>
  z
    .enum(['true', 'false'])
    .default(byDefault ? 'true' : 'false')
    .transform((v) => v === 'true');
const policyNumber = (min: number, max: number, byDefault: number) => z.coerce.number().int().min(min).max(max).default(byDefault);

/**
 * The provider's payment policy (docs/decisions/0034-payment-arrangements-and-policy.md), one variable per setting,
 * and per account type a JSON object of the settings it changes: `{"Business": {"instalments": 3}}`.
 */
const PaymentPolicyEnv = {
  PAYMENT_POLICY_INSTALMENTS: policyNumber(1, 12, DEFAULT_PAYMENT_POLICY.instalments),
  PAYMENT_POLICY_FIRST_INSTALMENT_DAYS: policyNumber(0, 60, DEFAULT_PAYMENT_POLICY.firstInstalmentDays),
  PAYMENT_POLICY_FIRST_INSTALMENT_PERCENT: policyNumber(1, 100, DEFAULT_PAYMENT_POLICY.firstInstalmentPercent),
  PAYMENT_POLICY_REST_WITHIN_DAYS: policyNumber(1, 365, DEFAULT_PAYMENT_POLICY.restWithinDays),
  PAYMENT_POLICY_MAX_BROKEN_ARRANGEMENTS: policyNumber(0, 12, DEFAULT_PAYMENT_POLICY.maxBrokenArrangements),
  PAYMENT_POLICY_MAX_OVERDUE_DAYS: policyNumber(0, 3650, DEFAULT_PAYMENT_POLICY.maxOverdueDays),
  PAYMENT_POLICY_AUTOPAY_OPTIONAL: flag(DEFAULT_PAYMENT_POLICY.autopayOptional),
  PAYMENT_POLICY_MINIMUM_PAYMENT: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount like 5 or 5.00')
    .default(DEFAULT_PAYMENT_POLICY.minimumPayment),
  PAYMENT_POLICY_ALLOW_OVERPAYMENT: flag(DEFAULT_PAYMENT_POLICY.allowOverpayment),
  PAYMENT_POLICY_BY_ACCOUNT_TYPE: z.preprocess((v) => {
    if (v === undefined || v === '') return {};
    try {
      return JSON.parse(String(v)) as unknown;
    } catch {
      return v;
    }
  }, PaymentPolicyOverridesSchema),
};

/** An optional tax registration number in its official shape, normalised to "<digits> <program>" (one space). */
const taxNumber = (shape: RegExp, example: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z
      .string()
      .regex(shape, example)
      .transform((v) => v.replace(shape, '$1 $2'))
      .optional(),
  );

/**
 * OpenTelemetry tracing, read on its own by `otel.ts`, which must load before the modules it
 * instruments (so before the rest of this configuration is read).
 */
const TelemetrySchema = z.object({
  /** OTLP/HTTP collector base URL (`/v1/traces` is appended); unset: no tracing, no cost. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().min(1).default('billing-portal'),
});

/** The tracing settings alone (what `otel.ts` reads at preload). */
export const loadTelemetryConfig = (env: Record<string, string | undefined> = process.env) => {
  const parsed = TelemetrySchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
};

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The origin users reach the portal at; redirects and links must stay on it. */
  PUBLIC_ORIGIN: optionalUrl,
  DATABASE_URL: optionalText,
  /**
   * Streaming replicas of DATABASE_URL, comma-separated: lists, details, documents, exports and usage read
   * from them (docs/decisions/0029-reads-from-replicas.md). PostgreSQL only.
   */
  DATABASE_REPLICA_URLS: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((url) => url.trim()).filter(Boolean) : v),
    z.array(z.url({ protocol: /^postgres(ql)?$/ })).default([]),
  ),
  /** A replica that has not replayed what the primary held this long ago is skipped. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default(`${BRAND.name} <no-reply@example-telecom.com>`),
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
  /** Absolute lifetime of a session (and of its token). */
  SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(43200).default(720),
  /** A session unused this long ends. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(SESSION_IDLE_MINUTES_DEFAULT),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * The instance's CPU niceness (0–19, every thread of it): an instance that only runs jobs, set to 10, yields
   * the CPU to the instances serving requests (docs/decisions/0028-webhooks.md).
   */
  NICE: z.coerce.number().int().min(0).max(19).default(0),
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(60000).default(2000),
  /** How long a sandbox bank debit stays Processing before it settles or is returned (docs/decisions/0035-bank-debit.md); at most 7 days. */
  SANDBOX_BANK_SETTLE_MS: z.coerce.number().int().min(0).max(604_800_000).default(120_000),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /**
   * Which proxies' `X-Forwarded-For` to believe: unset (none: the socket address is the client's),
   * a hop count, or a comma-separated list of proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === '' || v === undefined || v === 'false' ? false : v),
    z.union([
      z.literal(false),
      z.string().regex(/^\d{1,2}$/, 'a hop count').transform(Number),
      z
        .string()
        .transform((list) => list.split(',').map((entry) => entry.trim()))
        .refine((entries) => entries.every(isAddressOrRange), 'a hop count, or proxy addresses and CIDR ranges separated by commas'),
    ]),
  ),
  /** The key secrets are encrypted with at rest: 64 hex digits or 43 base64url characters. */
  SECRETS_KEY: optionalText,
  /** Or a file holding it (e.g. a mounted secret). */
  SECRETS_KEY_FILE: optionalText,
  /** The `iss` of session tokens (default: this server's auth service, PUBLIC_ORIGIN + /a). */
  AUTH_ISSUER: optionalUrl,
  /** PostgreSQL connections of the main pool. */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** PostgreSQL connections for streamed exports (default: a quarter of DB_POOL_SIZE). */
  EXPORT_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
  /** Exports one account may stream at once. */
  EXPORTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(20).default(2),
  /** Exports one signed-in person may stream at once, whichever accounts. */
  EXPORTS_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  /** A download the client takes slower than this over a whole rate window is ended (0 never ends one). */
  EXPORT_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100 * 1024 * 1024).default(16 * 1024),
  /** The window the floor rate is measured over. */
  EXPORT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Months call records are kept (by their start); a month's partition goes once its invoices are as old (docs/decisions/0032-partitioned-call-records.md). */
  USAGE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  /** Memory for home model answers cached between requests (0 caches none); see ARCHITECTURE.md. */
  HOME_MODEL_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  /** Whether the provider sends paper bills by post: customers may choose them on Account Information (docs/decisions/0037-a-bill-that-explains-itself.md). */
  PAPER_BILLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Memory for invoice list pages and invoice details cached between requests (0 caches none); see ARCHITECTURE.md. */
  INVOICE_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  /** How long a request waits for a database connection before answering 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** Longest SQL statement (and idle open transaction) of a request or job. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  /** Longest export (one COPY). */
  EXPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
  /** A connection with no traffic this long (e.g. a download nobody reads) is closed. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** Longest time to receive a whole request, and its headers (slow-header clients are dropped). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** Run pending migrations (and the first-start demo seed) at start-up; off when `npm run migrate` is a deploy step. */
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** After SIGTERM, how long /readyz answers 503 while requests are still served (load balancers notice). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  /** After SIGTERM, the process exits by this time whatever is still running. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /**
   * Prometheus `/metrics` listens on this port of HOST (never on PORT); 0 turns it off. Unset: 9464 in
   * production, off elsewhere, so a second portal on one machine does not collide on it.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** The provider's GST/HST registration number ("123456789 RT0001"), printed on Canadian accounts' invoices. */
  TAX_GST_HST_NUMBER: taxNumber(/^(\d{9}) ?(RT\d{4})$/, 'a business number and program account, e.g. 123456789 RT0001'),
  /** The provider's Quebec QST registration number ("1234567890 TQ0001"), printed on Quebec accounts' invoices. */
  TAX_QST_NUMBER: taxNumber(/^(\d{10}) ?(TQ\d{4})$/, 'a QST number, e.g. 1234567890 TQ0001'),
  ...PaymentPolicyEnv,
  ...TelemetrySchema.shape,
});

/** Every variable the configuration reads (what deploy files may set). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Config = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_ORIGIN' | 'PAYMENT_PROVIDER' | 'EXPORT_CONNECTIONS' | 'SECRETS_KEY' | 'AUTH_ISSUER' | 'METRICS_PORT'> & {
  PUBLIC_ORIGIN: string;
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  EXPORT_CONNECTIONS: number;
  /** 32 bytes. */
  SECRETS_KEY: Buffer;
  AUTH_ISSUER: string;
  METRICS_PORT: number;
};

/** Prometheus' default exporter port: what production listens on unless told otherwise. */
export const PRODUCTION_METRICS_PORT = 9464;

/** Where development keeps the key it generated. */
export const generatedSecretsKeyFile = (dataDir: string): string => path.join(dataDir, 'secrets.key');

/**
 * The secrets key: from SECRETS_KEY or SECRETS_KEY_FILE; required in production. In development a
 * key is generated once into DATA_DIR/secrets.key (keep it with the database: without it the
 * database's secrets cannot be read); tests get a throwaway one.
 */
const resolveSecretsKey = (c: z.infer<typeof EnvSchema>): Buffer => {
  const problem = (what: string) => new Error(`Invalid configuration: ${what} must hold 32 bytes as 64 hex digits or 43 base64url characters`);
  if (c.SECRETS_KEY) return parseSecretsKey(c.SECRETS_KEY) ?? fail(problem('SECRETS_KEY'));
  if (c.SECRETS_KEY_FILE) return parseSecretsKey(readFileSync(c.SECRETS_KEY_FILE, 'utf8')) ?? fail(problem('SECRETS_KEY_FILE'));
  if (c.NODE_ENV === 'production') throw new Error('Invalid configuration: set SECRETS_KEY or SECRETS_KEY_FILE in production');
  if (c.NODE_ENV === 'test') return randomBytes(32);
  const file = generatedSecretsKeyFile(c.DATA_DIR);
  if (!existsSync(file)) {
    mkdirSync(c.DATA_DIR, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return parseSecretsKey(readFileSync(file, 'utf8')) ?? fail(problem(file));
};

const fail = (error: Error): never => {
  throw error;
};

/** The database options the configuration sets. */
export const databaseOptions = (config: Config) => ({
  url: config.DATABASE_URL,
  poolSize: config.DB_POOL_SIZE,
  exportPoolSize: config.EXPORT_CONNECTIONS,
  acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  exportStatementTimeoutMs: config.EXPORT_STATEMENT_TIMEOUT_MS,
  replicaUrls: config.DATABASE_REPLICA_URLS,
  replicaMaxLagSeconds: config.REPLICA_MAX_LAG_SECONDS,
});

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  if (c.DATABASE_REPLICA_URLS.length > 0 && !c.DATABASE_URL) throw new Error('Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (PGlite has no replicas)');
  const publicOrigin = new URL(c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).origin;
  return {
    ...c,
    PUBLIC_ORIGIN: publicOrigin,
    AUTH_ISSUER: c.AUTH_ISSUER ?? `${publicOrigin}/a`,
    SECRETS_KEY: resolveSecretsKey(c),
    PAYMENT_PROVIDER: c.PAYMENT_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
    EXPORT_CONNECTIONS: c.EXPORT_CONNECTIONS ?? Math.max(1, Math.floor(c.DB_POOL_SIZE / 4)),
    METRICS_PORT: c.METRICS_PORT ?? (c.NODE_ENV === 'production' ? PRODUCTION_METRICS_PORT : 0),
  };
};

/** Config for tests: defaults plus overrides, never the developer's environment. */
export const TEST_SECRETS_KEY = '7e'.repeat(32);
export const testConfig = (overrides: Partial<Config> = {}): Config => {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', SANDBOX_SETTLE_MS: '0', SECRETS_KEY: TEST_SECRETS_KEY, METRICS_PORT: '0' });
  // The issuer follows an overridden origin, as it does when read from the environment.
  const issuer = overrides.PUBLIC_ORIGIN ? `${overrides.PUBLIC_ORIGIN}/a` : base.AUTH_ISSUER;
  return { ...base, AUTH_ISSUER: issuer, ...overrides };
};
