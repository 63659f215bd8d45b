/**
 * The spec's whole domain in one schema. Money is `numeric` (exact, read back as strings),
 * ids are 64-bit (`bigint` in code), calendar dates are `YYYY-MM-DD` strings.
 */
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_PAYMENT_METHODS,
  BANK_DEBIT_SCHEMES,
  BILL_DELIVERIES,
  PAYMENT_METHOD_TYPES,
  ADDRESS_TYPES,
  ARRANGEMENT_STATUSES,
  AUTOPAY_AMOUNT_TYPES,
  AUTOPAY_FREQUENCIES,
  CDR_DIRECTIONS,
  CDR_TYPES,
  CHARGE_CATEGORIES,
  CONTACT_TYPES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  EVENT_ACTOR_KINDS,
  EVENT_TYPES,
  INVOICE_STATES,
  LANGUAGES,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_FAILURE_REASONS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  USER_STATUSES,
  WEBHOOK_ATTEMPT_OUTCOMES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_ENDPOINT_STATUSES,
} from '@portal/contract';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  pgSequence,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { SealedSecret } from '../lib/secret-box';

const id = () => bigserial('id', { mode: 'bigint' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'bigint' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();

// ── Auth ────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    status: text('status', { enum: USER_STATUSES }).notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    lastLoginAt: instant('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_status_idx').on(t.status),
    check('users_status_check', sql`${t.status} in ('pending', 'active', 'disabled')`),
  ],
);

/**
 * Signed-in sessions: every token names one (`sid`), and is accepted only while its session is
 * live — not revoked, seen within the idle timeout, and younger than the absolute lifetime.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull(),
    /** When the person last proved who they are (sign-in or re-authentication). */
    authenticatedAt: instant('authenticated_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    deviceName: text('device_name').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('sessions_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** A person's authenticator-app secret (sealed), pending until confirmed with a code. */
export const userTotp = pgTable('user_totp', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: jsonb('secret').notNull(),
  enabledAt: instant('enabled_at'),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  createdAt: createdAt(),
});

/** Single-use recovery codes of two-factor sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A person's passkeys (WebAuthn credentials): the public key and signature counter of each. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as base64url (what the browser names it by). */
    credentialId: text('credential_id').notNull(),
    /** COSE public key as base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where it was registered ("Chrome on macOS"): how its owner recognises it. */
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_id_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * Challenges of passkey ceremonies, shared by every instance: each is taken (deleted) by the one
 * verification that uses it, and is good for a few minutes only.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication', 'confirmation'] }).notNull(),
    /** Whose registration or confirmation it is (null for a sign-in, where nobody is known yet). */
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Every email, written in the transaction of the change that causes it and sent by a job: a crash
 * at any point sends it later; a claim lease keeps two instances from sending the same row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** Why it is sent (password_reset, notification, …): logs and metrics, never the content. */
    purpose: text('purpose').notNull(),
    /** Null until the row's purpose resolves who it goes to (a reset request names a login, not an address). */
    toAddress: text('to_address'),
    /** What to send (or, for a deferred request, what to prepare it from), sealed: a reset link is a secret until it is sent. */
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
    sendAfter: instant('send_after').notNull().defaultNow(),
    leaseUntil: instant('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: instant('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** The accounts a customer may use: the `ac:{id}` scopes of their token. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('user_accounts_account_idx').on(t.accountId)],
);

export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_identities_issuer_subject_idx').on(t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/** Password-reset, one-time-login and invitation tokens; only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'one_time_login', 'invitation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for throttling, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: instant('window_started_at').notNull(),
});

/**
 * Where the primary's WAL stood after each caller's last write (a person `u<id>`, an API client `c<id>`):
 * that caller's reads go to a replica only once it has replayed past it, whichever instance serves them
 * (docs/decisions/0029-reads-from-replicas.md). Written only when replicas are configured.
 */
export const writePositions = pgTable('write_positions', {
  caller: text('caller').primaryKey(),
  lsn: bigint('lsn', { mode: 'bigint' }).notNull(),
  writtenAt: instant('written_at').notNull(),
});

/**
 * When each background job step last ran, shared by every instance: a step runs when its interval has
 * passed since then, whichever instance ran it and however often instances restart.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: instant('last_run_at').notNull(),
});

/** Signing keys (JWT) and other generated secrets, shared by every server instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Machine clients of the provider API (OAuth 2.0 client credentials). `client_id` is the public half of
 * the credentials; a disabled client gets no token and its tokens are refused (checked on every call).
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: id(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    disabledAt: instant('disabled_at'),
  },
  (t) => [uniqueIndex('api_clients_client_id_idx').on(t.clientId)],
);

/**
 * A client's secrets, as SHA-256 hashes: the current one (`expires_at` null) and, after a rotation, the
 * previous one until its grace period ends.
 */
export const apiClientSecrets = pgTable(
  'api_client_secrets',
  {
    id: id(),
    apiClientId: ref('api_client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at'),
  },
  (t) => [uniqueIndex('api_client_secrets_hash_idx').on(t.secretHash), index('api_client_secrets_client_idx').on(t.apiClientId)],
);

// ── Accounts, addresses, contacts ───────────────────────────────────────────────────────────

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    customerNo: text('customer_no').notNull(),
    name: text('name').notNull(),
    invoiceName: text('invoice_name'),
    invoiceEmailAddress: text('invoice_email_address'),
    invoicePrefix: text('invoice_prefix'),
    type: text('type').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    paymentMethod: text('payment_method', { enum: ACCOUNT_PAYMENT_METHODS }).notNull(),
    /** How bills come (docs/decisions/0037-a-bill-that-explains-itself.md): the invoice email follows it. */
    billDelivery: text('bill_delivery', { enum: BILL_DELIVERIES }).notNull().default('emailLink'),
    parentId: ref('parent_id').references((): AnyPgColumn => accounts.id),
    /** The provider's own id of the account (its billing system's), by which the provider API addresses it. */
    externalId: text('external_id'),
    /** The IANA time zone the provider's billing system keeps (provider API); dates are still read in the billing address's zone. */
    timeZone: text('time_zone'),
    /**
     * The plan and allowances of This period as the provider sets them (provider API); when null, This
     * period reads the plan from the last billed Plan line. Allowances: null = not counted (unlimited).
     */
    planName: text('plan_name'),
    planLines: integer('plan_lines'),
    planVoiceMinutes: integer('plan_voice_minutes'),
    planTextMessages: integer('plan_text_messages'),
    planDataMb: integer('plan_data_mb'),
    /** When the provider closed the account (docs/decisions/0016-closing-an-account.md); null while open. */
    closedAt: instant('closed_at'),
    providerCustomerRef: text('provider_customer_ref'),
    /**
     * Whether a credit of the account has something not yet applied (lib/unapplied-credits.ts): on the row
     * a posting locks anyway, so a posting without it reads and locks nothing more.
     */
    unappliedCredit: boolean('unapplied_credit').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_customer_no_idx').on(t.customerNo),
    uniqueIndex('accounts_external_id_idx').on(t.externalId),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_name_lower_idx').on(sql`lower(${t.name})`),
    // Trigram indexes (pg_trgm) for Search's "contains" and "starts with" matches (the account selector).
    index('accounts_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('accounts_invoice_name_trgm_idx').using('gin', sql`lower(${t.invoiceName}) gin_trgm_ops`),
    index('accounts_customer_no_trgm_idx').using('gin', sql`lower(${t.customerNo}) gin_trgm_ops`),
    index('accounts_invoice_email_trgm_idx').using('gin', sql`lower(${t.invoiceEmailAddress}) gin_trgm_ops`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    streetNumber: text('street_number'),
    streetName: text('street_name'),
    city: text('city'),
    province: text('province'),
    postal: text('postal'),
    country: text('country'),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_account_idx').on(t.accountId)],
);

/** Dated, typed link of an address to an account; history is kept by ending links, not overwriting. */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    addressId: ref('address_id')
      .notNull()
      .references(() => addresses.id),
    type: text('type', { enum: ADDRESS_TYPES }).notNull(),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date'),
  },
  (t) => [index('account_addresses_account_idx').on(t.accountId, t.type)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    primaryEmail: text('primary_email'),
    primaryPhone: text('primary_phone'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contacts_account_idx').on(t.accountId),
    index('contacts_email_lower_idx').on(sql`lower(${t.primaryEmail})`),
    index('contacts_phone_idx').on(t.primaryPhone),
    // Search: the expressions its SQL matches on (search/repository.ts), as trigrams.
    index('contacts_full_name_trgm_idx').using(
      'gin',
      sql`lower(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))) gin_trgm_ops`,
    ),
    index('contacts_email_trgm_idx').using('gin', sql`lower(${t.primaryEmail}) gin_trgm_ops`),
    index('contacts_phone_digits_trgm_idx').using(
      'gin',
      sql`regexp_replace(coalesce(${t.primaryPhone}, ''), '\\D', '', 'g') gin_trgm_ops`,
    ),
  ],
);

export const accountContacts = pgTable(
  'account_contacts',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    contactId: ref('contact_id')
      .notNull()
      .references(() => contacts.id),
    type: text('type', {
      enum: CONTACT_TYPES,
    }).notNull(),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date'),
  },
  (t) => [index('account_contacts_account_idx').on(t.accountId, t.type)],
);

// ── Invoices, charges, receivables, call detail records ─────────────────────────────────────

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    invoiceNumber: text('invoice_number').notNull(),
    state: text('state', { enum: INVOICE_STATES }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    postedDate: instant('posted_date'),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The provider's own id of an invoice posted through the provider API. */
    externalId: text('external_id'),
    /** `requestHash` of the body that posted it: a repeat is answered again, any other body refused. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.invoiceNumber),
    uniqueIndex('invoices_external_id_idx').on(t.externalId),
    index('invoices_account_state_end_idx').on(t.accountId, t.state, t.endDate.desc()),
    index('invoices_account_state_number_idx').on(t.accountId, t.state, t.invoiceNumber.desc()),
    // Search by invoice number: case-insensitive exact or prefix match (LIKE 'abc%') in any collation.
    index('invoices_number_lower_pattern_idx').on(sql`lower(${t.invoiceNumber}) text_pattern_ops`),
    check('invoices_state_check', sql`${t.state} in ('Draft', 'Posted', 'Void')`),
  ],
);

/** Invoice lines: plan, usage, one-time, adjustment and tax charges. */
export const charges = pgTable(
  'charges',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id),
    category: text('category', { enum: CHARGE_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull().default('1'),
    unitAmount: numeric('unit_amount', { precision: 14, scale: 4 }),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    taxCode: text('tax_code'),
    /** A Tax line's registration number of the jurisdiction and its rate in percent, as the provider posted them. */
    taxRegistration: text('tax_registration'),
    taxRate: numeric('tax_rate', { precision: 7, scale: 3 }),
    /** A Usage line's rating class (lib/rating `UsageClass`): the invoice's call records of that class are billed on it. */
    usageClass: smallint('usage_class'),
  },
  (t) => [index('charges_invoice_idx').on(t.invoiceId, t.id), index('charges_account_idx').on(t.accountId, t.startDate.desc())],
);

/** One accounts-receivable entry per posted invoice (`arId`); payments are assigned to it. */
export const receivables = pgTable(
  'receivables',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('receivables_invoice_idx').on(t.invoiceId),
    index('receivables_account_due_idx').on(t.accountId, t.dueDate),
  ],
);

/** Call detail records, read per invoice in id order when streamed to CSV. */
/**
 * Call records: partitioned by month of `started_at` (UTC) with a default partition for months that have
 * none yet (docs/decisions/0032-partitioned-call-records.md). The SQL migration and `db/cdr-partitions.ts`
 * make the partitions: drizzle knows only the parent's columns and indexes.
 */
export const cdrs = pgTable(
  'cdrs',
  {
    id: bigserial('id', { mode: 'bigint' }).notNull(),
    /** The invoice that bills the record; null while the provider has not billed it yet (it counts toward This period). */
    invoiceId: ref('invoice_id'),
    accountId: ref('account_id').notNull(),
    /** The provider's own id of a record it loaded (usage batches); null for records written here (the seed). */
    recordId: text('record_id'),
    kind: text('kind', { enum: CDR_TYPES }).notNull(),
    startedAt: instant('started_at').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    dataKb: integer('data_kb').notNull().default(0),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 4 }).notNull(),
    /** The rating class that priced the record (lib/rating `UsageClass`); null when the plan includes it. */
    usageClass: smallint('usage_class'),
    /** Records are rated on the line that originates them; received calls and texts are free. */
    direction: text('direction', { enum: CDR_DIRECTIONS }).notNull().default('outgoing'),
  },
  (t) => [
    // A partitioned table's keys include its partition key.
    primaryKey({ name: 'cdrs_pkey', columns: [t.id, t.startedAt] }),
    index('cdrs_invoice_idx').on(t.invoiceId, t.id),
    // The usage explorer: an account's records of a date range, in time order.
    index('cdrs_account_started_idx').on(t.accountId, t.startedAt, t.id),
    // A record the provider loaded once, at the same start, is never loaded again (usage batches count it as a duplicate).
    uniqueIndex('cdrs_account_record_idx')
      .on(t.accountId, t.recordId, t.startedAt)
      .where(sql`${t.recordId} is not null`),
  ],
);

/** Usage batches loaded through the provider API: a batch id loaded before answers as it did and loads nothing. */
export const usageBatches = pgTable('usage_batches', {
  /** The provider's batch id. */
  id: text('id').primaryKey(),
  apiClientId: ref('api_client_id')
    .notNull()
    .references(() => apiClients.id),
  /** sha256 of the decoded body: the same id with another body is refused. */
  bodyHash: text('body_hash').notNull(),
  loaded: integer('loaded').notNull(),
  duplicates: integer('duplicates').notNull(),
  createdAt: createdAt(),
});

/**
 * An account's usage alert choices (docs/decisions/0033-usage-alerts-and-spending-limits.md); without a row
 * the defaults hold (80 and 100 % of every allowance, by email).
 */
export const usageAlertSettings = pgTable('usage_alert_settings', {
  accountId: ref('account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** `[{ kind, percents }]` as the call takes it. */
  allowances: jsonb('allowances').$type<{ kind: string; percents: number[] }[]>().notNull(),
  overageAmount: money('overage_amount'),
  email: boolean('email').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** An account's monthly spending limit on charges beyond the plan. */
export const usageLimits = pgTable('usage_limits', {
  accountId: ref('account_id')
    .primaryKey()
    .references(() => accounts.id),
  amount: money('amount').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * Each alert that fired, once per account, period, alert and threshold: the unique key is what makes
 * "once" hold under two instances and a replayed batch. `threshold` is a percent, or for the overage
 * amount and the limit the amount in cents (a new amount can fire again).
 */
export const usageAlertsFired = pgTable(
  'usage_alerts_fired',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    periodStart: date('period_start').notNull(),
    alert: text('alert', { enum: ['voice', 'sms', 'data', 'roaming', 'roaming_started', 'overage', 'limit'] }).notNull(),
    threshold: bigint('threshold', { mode: 'bigint' }).notNull(),
    firedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.alert, t.threshold] })],
);

// ── Cards, payments, checkout ───────────────────────────────────────────────────────────────

/** Saved cards. Only the provider's reference and display data; never a card number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerRef: text('provider_ref').notNull(),
    /** A card, or a bank account (docs/decisions/0035-bank-debit.md): its bank's name as `brand`, no expiry. */
    type: text('type', { enum: PAYMENT_METHOD_TYPES }).notNull().default('card'),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    /** A bank account's scheme (PAD or ACH) and its institution-transit or routing number, for display. */
    bankScheme: text('bank_scheme', { enum: BANK_DEBIT_SCHEMES }),
    bankRouting: text('bank_routing'),
    isDefault: boolean('is_default').notNull().default(false),
    /** The provider's fingerprint of the card number: the same card is saved once per account. */
    fingerprint: text('fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_account_idx').on(t.accountId),
    uniqueIndex('payment_methods_account_fingerprint_idx')
      .on(t.accountId, t.fingerprint)
      .where(sql`${t.fingerprint} is not null`),
    uniqueIndex('payment_methods_one_default_idx')
      .on(t.accountId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

/** Receipt numbers, in the order payments are made. */
export const paymentReceiptNumbers = pgSequence('payment_receipt_numbers');

export const payments = pgTable(
  'payments',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    date: instant('date').notNull().defaultNow(),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    type: text('type').notNull(),
    description: text('description'),
    paymentMethodId: ref('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    cardBrand: text('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key'),
    failureMessage: text('failure_message'),
    /** Why the charge failed, as a PAYMENT_FAILURE_REASONS code: the portal words it in the customer's language. */
    failureReason: text('failure_reason', { enum: PAYMENT_FAILURE_REASONS }),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
    /**
     * Until when one instance alone may send this payment's charge: taken when the payment is
     * created or claimed by the resubmit job, renewed while the provider call runs. An instance
     * that dies stops renewing, so another takes over soon after.
     */
    chargeLeaseUntil: instant('charge_lease_until'),
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /**
     * What the payment's receipt is numbered ("R-0000123"), from its own sequence: not the payment's id,
     * which is internal. Payments made before numbering were numbered in (date, id) order.
     */
    receiptNumber: text('receipt_number')
      .notNull()
      .default(sql`'R-' || lpad(nextval('payment_receipt_numbers')::text, 7, '0')`),
    /** Taken from a bank account: Processing for days, it counts for "overdue" but not the balance until it settles (lib/ledger.ts). */
    bankDebit: boolean('bank_debit').notNull().default(false),
    /** How a payment taken outside the portal was made (recorded through the provider API); null for card payments. */
    method: text('method', { enum: OFFLINE_PAYMENT_METHODS }),
    /** The offline payment's own reference (a bank transfer's, a cheque's number), printed on its receipt. */
    reference: text('reference'),
    /** The provider's id of an offline payment, and the hash of the body that recorded it (lib/request-hash.ts). */
    externalId: text('external_id'),
    requestHash: text('request_hash'),
    /**
     * A share of a pay-all charge (docs/decisions/0036-refunds-and-pay-all.md): the lead payment that carries the
     * charge; the share is settled with it and never charged itself. Null for every other payment, the lead included.
     */
    payAllId: ref('pay_all_id').references((): AnyPgColumn => payments.id),
  },
  (t) => [
    uniqueIndex('payments_receipt_number_idx').on(t.receiptNumber),
    index('payments_pay_all_idx')
      .on(t.payAllId)
      .where(sql`${t.payAllId} is not null`),
    uniqueIndex('payments_external_id_idx').on(t.externalId),
    index('payments_account_date_idx').on(t.accountId, t.date.desc(), t.id.desc()),
    uniqueIndex('payments_idempotency_idx').on(t.accountId, t.idempotencyKey),
    index('payments_in_progress_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'InProgress'`),
    // Deleting a card sets this to null on its payments: without an index, a scan of every payment under the account lock.
    index('payments_payment_method_idx').on(t.paymentMethodId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const paymentAssignments = pgTable(
  'payment_assignments',
  {
    id: id(),
    paymentId: ref('payment_id')
      .notNull()
      .references(() => payments.id),
    receivableId: ref('receivable_id')
      .notNull()
      .references(() => receivables.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('payment_assignments_payment_idx').on(t.paymentId),
    index('payment_assignments_receivable_idx').on(t.receivableId),
    check('payment_assignments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const REFUND_STATUSES = ['Pending', 'Succeeded', 'Failed'] as const;
export const refundReceiptNumbers = pgSequence('refund_receipt_numbers');

/**
 * Money given back on a Successful payment (docs/decisions/0036-refunds-and-pay-all.md). Pending while the
 * provider refunds it: it already counts against what the payment still holds, never yet in the ledger;
 * Succeeded, it is a ledger entry and its assignments reopen what they name.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: ref('payment_id')
      .notNull()
      .references(() => payments.id),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    receiptNumber: text('receipt_number')
      .notNull()
      .default(sql`'RF-' || lpad(nextval('refund_receipt_numbers')::text, 7, '0')`),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_account_idx').on(t.accountId, t.createdAt.desc()),
    uniqueIndex('refunds_receipt_number_idx').on(t.receiptNumber),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** What a refund takes back from each receivable its payment paid: that much of it is open again once the refund succeeds. */
export const refundAssignments = pgTable(
  'refund_assignments',
  {
    id: id(),
    refundId: ref('refund_id')
      .notNull()
      .references(() => refunds.id),
    receivableId: ref('receivable_id')
      .notNull()
      .references(() => receivables.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('refund_assignments_refund_idx').on(t.refundId),
    index('refund_assignments_receivable_idx').on(t.receivableId),
    check('refund_assignments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    /** What the session adds: a card, or a bank account under the agreement in `bank_debit_agreements`. */
    methodType: text('method_type', { enum: PAYMENT_METHOD_TYPES }).notNull().default('card'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    paymentMethodId: ref('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('checkout_sessions_account_idx').on(t.accountId),
    // Deleting a card sets this to null: without an index that scans every checkout session.
    index('checkout_sessions_payment_method_idx').on(t.paymentMethodId),
  ],
);

/**
 * A bank debit agreement a person accepted before adding a bank account (docs/decisions/0035-bank-debit.md): the text's
 * version and language, when, who, from which address, and the billing address it was accepted for. Kept after
 * the bank account is removed (the record of what was authorized).
 */
export const bankDebitAgreements = pgTable(
  'bank_debit_agreements',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .unique()
      .references(() => checkoutSessions.id),
    paymentMethodId: ref('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    scheme: text('scheme', { enum: BANK_DEBIT_SCHEMES }).notNull(),
    version: text('version').notNull(),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    acceptedAt: instant('accepted_at').notNull(),
    acceptedByUserId: ref('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The accepting person's name and email as they were, so the record outlives the person. */
    acceptedByName: text('accepted_by_name').notNull(),
    acceptedByEmail: text('accepted_by_email'),
    ipAddress: text('ip_address').notNull(),
    billingAddress: text('billing_address').notNull(),
  },
  (t) => [index('bank_debit_agreements_account_idx').on(t.accountId), index('bank_debit_agreements_payment_method_idx').on(t.paymentMethodId)],
);

/** Provider webhook events already processed (idempotent webhooks). */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

// ── Automatic payments, notifications, audit ────────────────────────────────────────────────

export const autopaySchedules = pgTable(
  'autopay_schedules',
  {
    accountId: ref('account_id')
      .primaryKey()
      .references(() => accounts.id),
    paymentMethodId: ref('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: AUTOPAY_FREQUENCIES }).notNull(),
    amountType: text('amount_type', { enum: AUTOPAY_AMOUNT_TYPES }).notNull(),
    fixedAmount: money('fixed_amount'),
    /**
     * Automatic payments take only invoices due on or after this day: the day the customer chose to leave
     * out what was overdue when they turned them on. Null: everything open is taken.
     */
    chargeFrom: date('charge_from', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  // Deleting a card deletes the schedules that use it.
  (t) => [index('autopay_schedules_payment_method_idx').on(t.paymentMethodId)],
);

/** One row per account and period charged: the unique key is what prevents a double charge. */
export const autopayRuns = pgTable(
  'autopay_runs',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    period: text('period').notNull(),
    paymentId: ref('payment_id').references(() => payments.id),
    outcome: text('outcome', { enum: ['charged', 'nothing_due', 'failed'] }).notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('autopay_runs_account_period_idx').on(t.accountId, t.period)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The event (invoice_posted, payment_failed, …). */
    kind: text('kind').notNull(),
    /** Its text in the account's language, as emailed. */
    message: text('message').notNull(),
    /** The event's facts (amounts, numbers, dates), so each screen can say it in its own language. */
    data: jsonb('data'),
    /** One per event occurrence (e.g. `payment_succeeded:42`): a job run twice records it once. */
    eventKey: text('event_key'),
    createdAt: createdAt(),
    clearedAt: instant('cleared_at'),
  },
  (t) => [
    index('notifications_open_idx')
      .on(t.accountId, t.createdAt.desc())
      .where(sql`${t.clearedAt} is null`),
    uniqueIndex('notifications_event_key_idx').on(t.accountId, t.eventKey),
  ],
);

/** Which notification events a person wants by email; no row means yes (all on by default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    email: boolean('email').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

/** Append-only (a trigger refuses UPDATE and DELETE): who changed what, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: instant('at').notNull().defaultNow(),
    actorUserId: ref('actor_user_id'),
    /** An API client acting through the provider API (`actor_user_id` is then null). */
    actorClientId: ref('actor_client_id').references(() => apiClients.id),
    accountId: ref('account_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.at.desc())],
);

// ── Sandbox card provider ───────────────────────────────────────────────────────────────────

/**
 * The built-in sandbox provider's own vault (it stands in for an external processor, so it keeps
 * its cards apart from ours). `declinesCharges` marks the test card whose every charge fails.
 */
/** Charges the sandbox processor took, one per idempotency key (as Stripe keeps them). */
export const sandboxCharges = pgTable('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  ref: text('ref').notNull().unique(),
  cardRef: text('card_ref').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  createdAt: createdAt(),
});

export const sandboxVault = pgTable('sandbox_vault', {
  ref: text('ref').primaryKey(),
  brand: text('brand').notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expMonth: smallint('exp_month'),
  expYear: smallint('exp_year'),
  nameOnCard: text('name_on_card'),
  declinesCharges: boolean('declines_charges').notNull().default(false),
  /** A sandbox bank account's test outcome: its debits are returned for this reason after the delay (null: they settle). */
  returnReason: text('return_reason', { enum: PAYMENT_FAILURE_REASONS }),
  /** A bank account's scheme and its institution-transit or routing number. */
  bankScheme: text('bank_scheme', { enum: BANK_DEBIT_SCHEMES }),
  bankRouting: text('bank_routing'),
  /** Derived from the card number, as a processor fingerprints cards (the number is never kept). */
  fingerprint: text('fingerprint'),
  createdAt: createdAt(),
});

// ── Charge disputes and credit notes ──────────────────────────────────────

/**
 * A customer's dispute of one charge line or one call detail record of a posted invoice:
 * Open → UnderReview → Resolved (with a credit note) or Rejected (with the reason).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id),
    chargeId: ref('charge_id').references(() => charges.id),
    /** No foreign key: call records are partitioned and dropped with their month (docs/decisions/0032-partitioned-call-records.md). */
    cdrId: ref('cdr_id'),
    reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('Open'),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reviewedByUserId: ref('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    resolvedByUserId: ref('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
    creditedAmount: money('credited_amount'),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    index('disputes_account_created_idx').on(t.accountId, t.createdAt.desc()),
    index('disputes_status_created_idx').on(t.status, t.createdAt.desc()),
    index('disputes_invoice_idx').on(t.invoiceId),
    index('disputes_charge_idx')
      .on(t.chargeId)
      .where(sql`${t.chargeId} is not null`),
    index('disputes_cdr_idx')
      .on(t.cdrId)
      .where(sql`${t.cdrId} is not null`),
    check('disputes_one_line', sql`(${t.chargeId} is null) <> (${t.cdrId} is null)`),
    check('disputes_amount_positive', sql`${t.amount} > 0`),
    check('disputes_status_check', sql`${t.status} in ('Open', 'UnderReview', 'Resolved', 'Rejected')`),
    check(
      'disputes_credit_le_amount',
      sql`${t.creditedAmount} is null or (${t.creditedAmount} > 0 and ${t.creditedAmount} <= ${t.amount})`,
    ),
  ],
);

/**
 * Credits the provider issued through its API, by its own id: each is one or more credit notes (what it
 * took off each receivable), so the ledger reads credit notes alone (docs/decisions/0020-offline-payments-and-credits.md).
 */
export const credits = pgTable(
  'credits',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    externalId: text('external_id').notNull(),
    /** lib/request-hash.ts of the body that issued it: a repeat with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The invoice the provider named; null for a credit on the account. */
    invoiceId: ref('invoice_id').references(() => invoices.id),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull(),
    /**
     * What was more than the account had open when it was issued: the account's unapplied credit, which
     * invoices posted later take (lib/unapplied-credits.ts). Kept so a repeat answers as the first time.
     */
    unappliedOnIssue: money('unapplied_on_issue').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credits_external_id_idx').on(t.externalId),
    index('credits_account_created_idx').on(t.accountId, t.createdAt),
    check('credits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Credit notes: ledger entries that reduce what an invoice's receivable owes, as a Successful payment
 * assignment does (`lib/ledger.ts`). The invoice itself is never edited. One per resolved dispute.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id),
    receivableId: ref('receivable_id')
      .notNull()
      .references(() => receivables.id),
    disputeId: ref('dispute_id').references(() => disputes.id),
    /** The provider's credit this note is part of. */
    creditId: ref('credit_id').references(() => credits.id),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    description: text('description').notNull(),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_receivable_idx').on(t.receivableId),
    index('credit_notes_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('credit_notes_dispute_idx').on(t.disputeId),
    index('credit_notes_credit_idx').on(t.creditId),
    check('credit_notes_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Per account, its ledger version: it changes in the same transaction as every write to what its
 * balances, invoices and their owing show (payments, assignments, invoices, receivables, credit notes,
 * addresses and their links): triggers (migrations 0013, 0018) set it from one sequence, so an answer
 * cached with the version it was read at is current exactly while the two match, on every instance. No
 * foreign key: deleting an account cascades to rows whose triggers write here in the same statement.
 */
export const ledgerVersions = pgTable('ledger_versions', {
  accountId: ref('account_id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

/**
 * Events the provider hears (webhooks, `GET /p/v1/events`), one row per thing that happened, inserted by
 * `lib/events.ts` in the transaction of the change. The feed's order is (`transaction_id`, `seq`): a
 * `seq` is taken before its transaction commits, so a later `seq` can commit first; reading only rows
 * of transactions older than every one still running (`pg_snapshot_xmin`) in that order misses none.
 */
export const events = pgTable(
  'events',
  {
    seq: bigserial('seq', { mode: 'bigint' }).primaryKey(),
    /** `evt_…`: the id providers see (the webhook-id of its deliveries). */
    id: text('id').notNull().unique(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    version: smallint('version').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    /** No foreign key: events outlive nothing but are kept apart from the account's own rows. */
    accountId: ref('account_id'),
    /** The account's provider id when the event happened (null for an account the provider did not create). */
    accountExternalId: text('account_external_id'),
    actorKind: text('actor_kind', { enum: EVENT_ACTOR_KINDS }).notNull(),
    actorName: text('actor_name').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [index('events_feed_idx').on(t.transactionId, t.seq), index('events_occurred_idx').on(t.occurredAt)],
);

// ── Webhooks ───────────────────────────────────────────────────────────────────────────────

/**
 * Where the provider hears events. The signing secret is sealed (lib/secret-box.ts), not hashed: each
 * delivery is signed with it. After a rotation the previous one signs too, until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    url: text('url').notNull(),
    eventTypes: text('event_types', { enum: EVENT_TYPES }).array().notNull(),
    description: text('description').notNull().default(''),
    /** One account's events are sent one at a time, in order: a later one waits for the earlier to succeed or be given up. */
    orderedPerAccount: boolean('ordered_per_account').notNull().default(false),
    secret: jsonb('secret').$type<SealedSecret>().notNull(),
    secretIssuedAt: instant('secret_issued_at').notNull(),
    previousSecret: jsonb('previous_secret').$type<SealedSecret>(),
    previousSecretExpiresAt: instant('previous_secret_expires_at'),
    status: text('status', { enum: WEBHOOK_ENDPOINT_STATUSES }).notNull().default('active'),
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    disabledAt: instant('disabled_at'),
    /** The first failed attempt since the last success: 3 days of failures disable the endpoint. */
    failingSince: instant('failing_since'),
    createdAt: createdAt(),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    createdByClientId: ref('created_by_client_id').references(() => apiClients.id),
    /** Deleted through the provider API: gone from lists, sent nothing, kept for its deliveries' history. */
    deletedAt: instant('deleted_at'),
  },
  (t) => [check('webhook_endpoints_status_check', sql`${t.status} in ('active', 'disabled')`)],
);

/**
 * The durable outbox of webhooks: one row per event and endpoint (inserted with the event, in its
 * transaction), claimed by job instances with a lease under `FOR UPDATE SKIP LOCKED`, so no two send it at once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: ref('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    accountId: ref('account_id'),
    /** The exact body sent (and signed), fixed when the event was recorded. */
    payload: text('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The current round of retries (from the event, or from a replay) and its failed attempts so far: the schedule's inputs. */
    roundStartedAt: instant('round_started_at').notNull(),
    roundFailures: integer('round_failures').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    leaseUntil: instant('lease_until'),
    lastAttemptAt: instant('last_attempt_at'),
    lastOutcome: text('last_outcome', { enum: WEBHOOK_ATTEMPT_OUTCOMES }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastResponse: text('last_response'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
    // In the claim's order (next attempt, then id), so a claim reads its batch off the index instead of sorting the backlog.
    index('webhook_deliveries_due_idx')
      .on(t.endpointId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index('webhook_deliveries_account_order_idx')
      .on(t.endpointId, t.accountId, t.id)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    // The retention step's: finished deliveries by their last attempt.
    index('webhook_deliveries_finished_idx')
      .on(t.lastAttemptAt)
      .where(sql`${t.status} in ('succeeded', 'failed')`),
  ],
);

/** Every attempt of a delivery, with the first 2 KB of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: ref('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    at: instant('at').notNull(),
    outcome: text('outcome', { enum: WEBHOOK_ATTEMPT_OUTCOMES }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

// ── Payment arrangements (docs/decisions/0034-payment-arrangements-and-policy.md) ───────────

/** An overdue amount split into instalments; its progress is read from the ledger, never stored. */
export const arrangements = pgTable(
  'arrangements',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: ARRANGEMENT_STATUSES }).notNull().default('Active'),
    /** What it covers: the overdue amount when it was made, the sum of its instalments. */
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Charged on the instalments' dates; null: the customer pays by hand. */
    paymentMethodId: ref('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    createdByUserId: ref('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byStaff: boolean('by_staff').notNull().default(false),
    createdAt: createdAt(),
    closedAt: instant('closed_at'),
    closedByUserId: ref('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('arrangements_account_created_idx').on(t.accountId, t.createdAt.desc()),
    index('arrangements_active_idx')
      .on(t.id)
      .where(sql`${t.status} = 'Active'`),
    // One active arrangement per account, whatever races.
    uniqueIndex('arrangements_one_active_idx')
      .on(t.accountId)
      .where(sql`${t.status} = 'Active'`),
    check('arrangements_amount_positive', sql`${t.amount} > 0`),
    check('arrangements_status_check', sql`${t.status} in ('Active', 'Kept', 'Broken', 'Cancelled')`),
  ],
);

export const arrangementInstalments = pgTable(
  'arrangement_instalments',
  {
    arrangementId: ref('arrangement_id')
      .notNull()
      .references(() => arrangements.id),
    seq: integer('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    /** When the job took this date's charge (set once, in the transaction that records the payment). */
    chargedAt: instant('charged_at'),
    paymentId: ref('payment_id').references(() => payments.id),
  },
  (t) => [primaryKey({ columns: [t.arrangementId, t.seq] }), check('arrangement_instalments_amount_positive', sql`${t.amount} > 0`)],
);

/** The receivables an arrangement covers, with what was open on each when it was made. */
export const arrangementReceivables = pgTable(
  'arrangement_receivables',
  {
    arrangementId: ref('arrangement_id')
      .notNull()
      .references(() => arrangements.id),
    receivableId: ref('receivable_id')
      .notNull()
      .references(() => receivables.id),
    openAtStart: money('open_at_start').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arrangementId, t.receivableId] }), index('arrangement_receivables_receivable_idx').on(t.receivableId)],
);
