/**
 * The delivery worker. Each instance runs one lane per endpoint with due deliveries: a lane claims a batch of
 * its endpoint's due rows under a lease, sends them several at a time over keep-alive connections of its own,
 * records the attempts (successes together, in one statement per group that finished meanwhile), and claims
 * again until none is due. Lanes run side by side, so a slow receiver holds up only its own lane; instances
 * share the rows through `FOR UPDATE SKIP LOCKED`, so no delivery is ever sent by two at once
 * (docs/decisions/0028-webhooks.md).
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { WEBHOOK_TIMEOUT_MS } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../../lib/audit';
import type { MailOutbox } from '../../lib/mail-outbox';
import { webhookDeliveryAttempts } from '../../lib/metrics';
import type { SecretBox } from '../../lib/secret-box';
import { composeEndpointDisabledEmail } from './failing-email';
import {
  adminEmails,
  claimDueDeliveries,
  endpointsWithDueDeliveries,
  findEndpoint,
  finishAttempt,
  finishAttempts,
  type ClaimedDelivery,
  type FinishedAttempt,
  type WebhookEndpointRow,
} from './repository';
import { nextWebhookAttemptAt, WEBHOOK_GIVE_UP_MS } from './schedule';
import { sendWebhook, type WebhookResult } from './sender';

/** Rows a lane claims at once: one statement for many deliveries. */
const BATCH = 160;
/**
 * Requests a lane has in flight. Safe for an endpoint ordered per account too: a claim holds at most one
 * delivery of an account (the earliest unfinished), and the next claim waits for the batch's outcomes.
 */
export const WEBHOOK_LANE_CONCURRENCY = 16;
/** Longer than a batch can take (BATCH / CONCURRENCY sends of at most the timeout each, then its writes), so a live lane never loses its rows. */
const leaseMsOf = (timeoutMs: number) => Math.ceil(BATCH / WEBHOOK_LANE_CONCURRENCY) * timeoutMs + 60_000;
/** The outbox purpose of the Admins' email about an endpoint disabled after 3 days of failures. */
export const ENDPOINT_DISABLED_PURPOSE = 'webhook_endpoint_disabled';

export interface WebhookDispatcherOptions {
  db: PortalDb;
  clock: Clock;
  secrets: SecretBox;
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  publicOnly: boolean;
  /** The Webhooks screen's address, named in the Admins' email. */
  webhooksPage: string;
  timeoutMs?: number;
  /** The jitter's source, in [0, 1). */
  random?: () => number;
}

export interface WebhookDispatcher {
  /** Starts a lane for each endpoint with due deliveries that has none running here; answers how many started. */
  kick(): Promise<number>;
  /** Kicks, then waits until every lane here has run out of due deliveries. */
  deliverDue(): Promise<void>;
  /** Waits for the lanes running here (shutdown). */
  drain(): Promise<void>;
}

export const createWebhookDispatcher = (options: WebhookDispatcherOptions): WebhookDispatcher => {
  const { db, clock, secrets, outbox, log, publicOnly, webhooksPage } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const random = options.random ?? Math.random;
  const leaseMs = leaseMsOf(timeoutMs);
  const lanes = new Map<string, Promise<void>>();

  /** Opened once a batch: every secret that signs at `now`, the current one and the previous one during a rotation's overlap. */
  const signingSecrets = (endpoint: WebhookEndpointRow): ((now: Date) => string[]) => {
    const current = [secrets.open(endpoint.secret)];
    if (!endpoint.previousSecret || !endpoint.previousSecretExpiresAt) return () => current;
    const both = [...current, secrets.open(endpoint.previousSecret)];
    const until = endpoint.previousSecretExpiresAt;
    return (now) => (until > now ? both : current);
  };

  /** A success on an endpoint that may have been failing clears its failing mark. */
  const clearFailing = async (endpointId: bigint, lane: { failing: boolean }) => {
    if (!lane.failing) return;
    lane.failing = false;
    await db.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
  };

  /**
   * A lane's successes, written together: each write takes every success that came in while the previous
   * one ran (one statement whatever their number). `settle` waits for all of them and throws what failed.
   */
  const successWriter = (endpointId: bigint, lane: { failing: boolean }) => {
    let waiting: FinishedAttempt[] = [];
    let running: Promise<void> | null = null;
    let failure: unknown = null;
    const write = async () => {
      while (waiting.length > 0) {
        const group = waiting;
        waiting = [];
        if ((await finishAttempts(db, group)).size > 0) await clearFailing(endpointId, lane);
      }
    };
    const start = () => {
      running = write()
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          running = null;
        });
    };
    return {
      add: (finished: FinishedAttempt) => {
        waiting.push(finished);
        if (!running) start();
      },
      settle: async () => {
        while (running || waiting.length > 0) {
          if (!running) start();
          await running;
        }
        if (failure) throw failure;
      },
    };
  };

  /** 3 days of failures: the endpoint is disabled (once, whichever instance sees it first) and the Admins are emailed. */
  const disableIfFailingTooLong = async (tx: PortalDb, endpointId: bigint, at: Date, lastResponse: string) => {
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    if (!endpoint || endpoint.status !== 'active' || !endpoint.failingSince || at.getTime() - endpoint.failingSince.getTime() < WEBHOOK_GIVE_UP_MS) return;
    await tx.update(webhookEndpoints).set({ status: 'disabled', disabledReason: 'failing', disabledAt: at }).where(eq(webhookEndpoints.id, endpointId));
    await recordAudit(tx, {
      actorUserId: null,
      accountId: null,
      action: 'webhook_endpoint.disable_failing',
      entity: 'webhook_endpoint',
      entityId: endpointId,
      details: { url: endpoint.url, failingSince: endpoint.failingSince.toISOString() },
    });
    for (const to of await adminEmails(tx)) {
      await outbox.enqueue(tx, ENDPOINT_DISABLED_PURPOSE, composeEndpointDisabledEmail({ to, url: endpoint.url, failingSince: endpoint.failingSince, lastResponse, webhooksPage }), at);
    }
    log.warn({ endpointId: String(endpointId) }, 'webhook endpoint disabled after 3 days of failed deliveries');
  };

  /** `lane.failing`: whether the endpoint may have failed since its last success (a success then clears it). */
  const record = async (endpointId: bigint, lane: { failing: boolean }, successes: ReturnType<typeof successWriter>, claim: ClaimedDelivery, result: WebhookResult, at: Date) => {
    webhookDeliveryAttempts.inc({ endpoint: String(endpointId), outcome: result.outcome });
    const attempt = { at, outcome: result.outcome, statusCode: result.statusCode, durationMs: result.durationMs, response: result.response };
    if (result.outcome === 'succeeded') {
      successes.add({ claim, attempt, next: { status: 'succeeded', nextAttemptAt: null, roundFailures: claim.roundFailures } });
      return;
    }
    lane.failing = true;
    const failures = claim.roundFailures + 1;
    const nextAttemptAt = nextWebhookAttemptAt(claim.roundStartedAt, failures, at, random());
    await db.transaction(async (tx) => {
      if (!(await finishAttempt(tx, claim, attempt, { status: nextAttemptAt ? 'retrying' : 'failed', nextAttemptAt, roundFailures: failures }))) return;
      await disableIfFailingTooLong(tx, endpointId, at, result.response);
    });
  };

  const runLane = async (endpointId: bigint) => {
    // Keep-alive connections of this lane only (per protocol: an endpoint's URL may change between batches).
    const agents = new Map<string, HttpAgent>();
    const agentFor = (url: string) => {
      const protocol = new URL(url).protocol;
      let agent = agents.get(protocol);
      if (!agent) {
        const options = { keepAlive: true, maxSockets: WEBHOOK_LANE_CONCURRENCY };
        agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
        agents.set(protocol, agent);
      }
      return agent;
    };
    try {
      for (;;) {
        const now = clock.now();
        const claims = await claimDueDeliveries(db, endpointId, now, BATCH, new Date(now.getTime() + leaseMs));
        if (claims.length === 0) return;
        const endpoint = await findEndpoint(db, endpointId);
        if (!endpoint) return;
        const signing = signingSecrets(endpoint);
        const agent = agentFor(endpoint.url);
        const queue = [...claims];
        const lane = { failing: endpoint.failingSince !== null };
        const successes = successWriter(endpointId, lane);
        const worker = async () => {
          for (let claim = queue.shift(); claim; claim = queue.shift()) {
            const at = clock.now();
            const result = await sendWebhook({ url: endpoint.url, eventId: claim.eventId, payload: claim.payload, secrets: signing(at), at }, { timeoutMs, publicOnly, agent });
            await record(endpointId, lane, successes, claim, result, clock.now());
          }
        };
        // Every send ends before the lane does, even when one fails to record: nothing is left running.
        const sent = await Promise.allSettled(Array.from({ length: Math.min(WEBHOOK_LANE_CONCURRENCY, claims.length) }, worker));
        await successes.settle();
        const failed = sent.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
      }
    } finally {
      for (const agent of agents.values()) agent.destroy();
    }
  };

  const kick = async () => {
    let started = 0;
    for (const endpointId of await endpointsWithDueDeliveries(db, clock.now())) {
      const key = String(endpointId);
      if (lanes.has(key)) continue;
      const lane = runLane(endpointId)
        .catch((error: unknown) => log.error({ err: error, endpointId: key }, 'webhook delivery lane failed'))
        .finally(() => lanes.delete(key));
      lanes.set(key, lane);
      started += 1;
    }
    return started;
  };

  const drain = async () => {
    while (lanes.size > 0) await Promise.all([...lanes.values()]);
  };

  return {
    kick,
    deliverDue: async () => {
      await kick();
      await drain();
    },
    drain,
  };
};
