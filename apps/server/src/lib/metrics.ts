import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (one registry per process, as Prometheus scrapes a process).
 * Counters are plain module state so services and jobs record outcomes without plumbing; what the
 * database knows (pools, outbox) is read when scraped, from the sources `plugins/metrics.ts` adds.
 */
export const registry = new Registry();

// Process metrics, among them event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Job step runs by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'How long a job step ran',
  labelNames: ['job'] as const,
  buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 30],
  registers: [registry],
});

export const jobLag = new Gauge({
  name: 'job_lag_seconds',
  help: 'How late the last run of a job step started after it was due',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const paymentsSettled = new Counter({
  name: 'payments_settled_total',
  help: 'Payments settled by this instance, by outcome (Successful, Error)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const signInFailures = new Counter({
  name: 'sign_in_failures_total',
  help: 'Password sign-ins refused (wrong name or password, locked, pending)',
  registers: [registry],
});

export const signInThrottled = new Counter({
  name: 'sign_in_throttled_total',
  help: 'Sign-in, reset and one-time-login calls refused with 429 by the throttle',
  registers: [registry],
});

/** A pg Pool's counts (the fields pg-pool exposes). */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** What the scrape-time gauges read: pools by name, and the outbox's state. */
export interface MetricsSource {
  pools: Record<string, PoolLike | null>;
  outbox(): Promise<{ depth: number; oldestAgeSeconds: number }>;
}

const sources = new Set<MetricsSource>();

/** Adds a database's pools and outbox to what scrapes report; returns the removal. */
export const addMetricsSource = (source: MetricsSource): (() => void) => {
  sources.add(source);
  return () => void sources.delete(source);
};

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections by pool (main, export) and state (in_use, idle, waiting = requests waiting for one)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources) {
      for (const [name, pool] of Object.entries(source.pools)) {
        if (!pool) continue;
        this.inc({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.inc({ pool: name, state: 'idle' }, pool.idleCount);
        this.inc({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    }
  },
});

/** The outbox summed over sources; the two gauges of one scrape (collected together) share one read. */
let outboxRead: Promise<{ depth: number; oldestAgeSeconds: number }> | null = null;
const readOutbox = () =>
  (outboxRead ??= (async () => {
    let depth = 0;
    let oldestAgeSeconds = 0;
    for (const source of sources) {
      const state = await source.outbox();
      depth += state.depth;
      oldestAgeSeconds = Math.max(oldestAgeSeconds, state.oldestAgeSeconds);
    }
    return { depth, oldestAgeSeconds };
  })().finally(() => {
    outboxRead = null;
  }));

new Gauge({
  name: 'mail_outbox_depth',
  help: 'Mails not yet sent',
  registers: [registry],
  async collect() {
    this.set((await readOutbox()).depth);
  },
});
new Gauge({
  name: 'mail_outbox_oldest_age_seconds',
  help: 'Age of the oldest mail not yet sent (0 when none)',
  registers: [registry],
  async collect() {
    this.set((await readOutbox()).oldestAgeSeconds);
  },
});

/** What instances keep in memory, by kind, read when scraped (each bounded; `auth_remembered_entries`). */
const rememberedCounts = new Set<() => Record<string, number>>();

/** Adds a reader of remembered entries by kind to what scrapes report; returns the removal. */
export const addRememberedCount = (read: () => Record<string, number>): (() => void) => {
  rememberedCounts.add(read);
  return () => void rememberedCounts.delete(read);
};

new Gauge({
  name: 'auth_remembered_entries',
  help: 'Entries this instance remembers by kind: sessions (the session gate) and verified_tokens (callers of tokens verified in the last 5 minutes)',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of rememberedCounts) for (const [kind, entries] of Object.entries(read())) this.inc({ kind }, entries);
  },
});

export const homeModelAnswers = new Counter({
  name: 'home_model_answers_total',
  help: 'Home model answers by source: kept (its version still current) or database (read afresh)',
  labelNames: ['source'] as const,
  registers: [registry],
});

export const homeModelCachedBytes = new Gauge({
  name: 'home_model_kept_bytes',
  help: 'Bytes of home model answers this instance keeps (HOME_MODEL_CACHE_MB)',
  registers: [registry],
});

export const invoiceReads = new Counter({
  name: 'invoice_reads_total',
  help: 'Invoice list pages of one account and invoice details by call and source: kept (their version still current) or database (read afresh)',
  labelNames: ['call', 'source'] as const,
  registers: [registry],
});

export const invoiceCachedBytes = new Gauge({
  name: 'invoice_kept_bytes',
  help: 'Bytes of invoice list pages and details this instance keeps (INVOICE_CACHE_MB)',
  registers: [registry],
});

export const webhookDeliveryAttempts = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by endpoint id and outcome (succeeded, http_error, timeout, network_error, refused)',
  labelNames: ['endpoint', 'outcome'] as const,
  registers: [registry],
});

/** Readers of each webhook endpoint's oldest undelivered event age, in seconds (0 when none waits). */
const webhookBacklogs = new Set<() => Promise<{ endpointId: string; oldestAgeSeconds: number }[]>>();

/** Adds a reader of webhook backlogs to what scrapes report; returns the removal. */
export const addWebhookBacklog = (read: () => Promise<{ endpointId: string; oldestAgeSeconds: number }[]>): (() => void) => {
  webhookBacklogs.add(read);
  return () => void webhookBacklogs.delete(read);
};

new Gauge({
  name: 'webhook_oldest_undelivered_age_seconds',
  help: 'Per webhook endpoint: the age of its oldest event not yet delivered (0 when none waits)',
  labelNames: ['endpoint'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const read of webhookBacklogs) for (const { endpointId, oldestAgeSeconds } of await read()) this.set({ endpoint: endpointId }, oldestAgeSeconds);
  },
});

export const replicaReads = new Counter({
  name: 'db_replica_reads_total',
  help: 'Reads of rows that may go to a replica, by what served them: a replica (replica1, replica2…) or primary',
  labelNames: ['served_by'] as const,
  registers: [registry],
});

export const replicaFallbacks = new Counter({
  name: 'db_replica_fallbacks_total',
  help: 'Such reads the primary served instead, by reason: unusable (no replica up and within the allowed lag), behind_own_write (none had replayed the caller\'s last write), failed (the replica\'s connection was lost)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Readers of replicas' state as their monitor last saw it. */
const replicaStates = new Set<() => readonly { name: string; lagSeconds: number | null; usable: boolean }[]>();

/** Adds a reader of replicas' state to what scrapes report; returns the removal. */
export const addReplicaStates = (read: () => readonly { name: string; lagSeconds: number | null; usable: boolean }[]): (() => void) => {
  replicaStates.add(read);
  return () => void replicaStates.delete(read);
};

new Gauge({
  name: 'db_replica_lag_seconds',
  help: 'Per replica: how long ago the primary last held no more than the replica has replayed (absent while it does not answer)',
  labelNames: ['replica'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of replicaStates) for (const { name, lagSeconds } of read()) if (lagSeconds !== null) this.set({ replica: name }, lagSeconds);
  },
});

new Gauge({
  name: 'db_replica_usable',
  help: 'Per replica: 1 while reads may go to it (it answers and lags no more than REPLICA_MAX_LAG_SECONDS), else 0',
  labelNames: ['replica'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of replicaStates) for (const { name, usable } of read()) this.set({ replica: name }, usable ? 1 : 0);
  },
});
