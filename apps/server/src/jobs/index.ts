import type { FastifyPluginAsync } from 'fastify';
import type { MailOutbox } from '../lib/mail-outbox';
import { depsOf, type Deps } from '../http/deps';
import { noticeUpcomingAutopayments, runDueAutopay } from '../modules/accounts';
import { ARRANGEMENTS_JOB, runArrangements } from '../modules/arrangements';
import { deleteExpiredEvents } from '../modules/events';
import { noticePostedInvoices } from '../modules/invoices';
import { noticeExpiringCards } from '../modules/payment-methods';
import { RESUBMIT_EVERY_MS, resubmitUnconfirmedCharges, settleDueSandboxPayments } from '../modules/payments';
import { dropExpiredCallRecords } from '../modules/usage';
import { prepareCdrPartitions } from '../db/cdr-partitions';
import { WEBHOOK_EVERY_MS, deleteExpiredDeliveries, webhookDispatcherOf, type WebhookDispatcher } from '../modules/webhooks';
import { createJobRunRecord } from './job-runs';
import { createScheduler, type JobStep } from './scheduler';

/** How often the automatic payments job looks for due accounts. */
export const AUTOPAY_EVERY_MS = 30_000;
/** How often instalments due are charged and arrangements kept or broken are closed. */
export const ARRANGEMENTS_EVERY_MS = 60_000;

/**
 * How often the daily notices (cards expiring or expired, automatic payments in 3 days) are looked
 * for: hourly, counted from the last run recorded by any instance, so restarts neither skip nor
 * repeat it; each notice is recorded once (its key).
 */
export const DAILY_NOTICES_EVERY_MS = 60 * 60_000;
/** How often newly posted invoices are looked for. */
export const POSTED_NOTICES_EVERY_MS = 60_000;
/** How often events and finished webhook deliveries past EVENT_RETENTION_DAYS are deleted (an hour late deletes nothing early). */
export const EVENT_RETENTION_EVERY_MS = 60 * 60_000;

/** The daily notices step: cards and coming automatic payments (safe on several instances). */
export const dailyNotices = async (deps: Pick<Deps, 'db' | 'outbox'>, now: Date): Promise<{ cards: number; autopay: number }> => ({
  cards: await noticeExpiringCards(deps, now),
  autopay: await noticeUpcomingAutopayments(deps, now),
});

/** The billing jobs for the configured provider. */
export const billingJobSteps = (
  deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>,
  sandboxSettleMs: number,
  sandboxBankSettleMs: number = sandboxSettleMs,
): JobStep[] => {
  const steps: JobStep[] = [
    { name: 'autopay', everyMs: AUTOPAY_EVERY_MS, run: (now) => runDueAutopay(deps, now) },
    { name: ARRANGEMENTS_JOB, everyMs: ARRANGEMENTS_EVERY_MS, run: (now) => runArrangements(deps, now) },
    { name: 'resubmit-charges', everyMs: RESUBMIT_EVERY_MS, run: (now) => resubmitUnconfirmedCharges(deps, now) },
    { name: 'daily-notices', everyMs: DAILY_NOTICES_EVERY_MS, run: (now) => dailyNotices(deps, now) },
    { name: 'invoice-posted-notices', everyMs: POSTED_NOTICES_EVERY_MS, run: (now) => noticePostedInvoices(deps, now) },
    { name: 'event-retention', everyMs: EVENT_RETENTION_EVERY_MS, run: (now) => deleteExpiredEvents(deps.db, now) },
    { name: 'webhook-delivery-retention', everyMs: EVENT_RETENTION_EVERY_MS, run: (now) => deleteExpiredDeliveries(deps.db, now) },
  ];
  if (deps.provider.name === 'sandbox') {
    // Ticks several times per settle delay so a charge settles "within a few seconds".
    const everyMs = Math.min(1_000, Math.max(250, Math.floor(sandboxSettleMs / 2)));
    steps.push({ name: 'settle-sandbox-payments', everyMs, run: (now) => settleDueSandboxPayments(deps, now, sandboxSettleMs, sandboxBankSettleMs) });
  }
  return steps;
};

/**
 * How often call records' partitions are made (three months ahead: many runs would have to fail before a
 * month lacked one, and its records would wait in the default partition even then) and dropped after
 * USAGE_RETENTION_MONTHS (docs/decisions/0032-partitioned-call-records.md).
 */
export const USAGE_PARTITIONS_EVERY_MS = 24 * 60 * 60_000;

/** The call records' partitions ahead, and their retention. */
export const usageJobSteps = (deps: Pick<Deps, 'db'>, retentionMonths: number): JobStep[] => [
  { name: 'usage-partitions', everyMs: USAGE_PARTITIONS_EVERY_MS, run: (now) => prepareCdrPartitions(deps.db, now) },
  { name: 'usage-retention', everyMs: USAGE_PARTITIONS_EVERY_MS, run: (now) => dropExpiredCallRecords(deps.db, now, retentionMonths) },
];

/** How often the outbox is swept (requests that write mail also nudge it right away). */
export const MAIL_EVERY_MS = 1_000;

/** Sends the outbox's due mail: what a crash or a failed send left behind. */
export const mailDeliveryStep = (outbox: MailOutbox): JobStep => ({ name: 'deliver-mail', everyMs: MAIL_EVERY_MS, run: (now) => outbox.deliverDue(now) });

/**
 * Starts a delivery lane for each endpoint with due webhooks; lanes run on past the step, each until its
 * endpoint has none due, so one slow receiver never holds up the step or the other endpoints.
 */
export const webhookDeliveryStep = (dispatcher: WebhookDispatcher): JobStep => ({ name: 'deliver-webhooks', everyMs: WEBHOOK_EVERY_MS, run: () => dispatcher.kick() });

/** Runs the background jobs while the app is up (registered when JOBS_ENABLED). */
export const jobsPlugin: FastifyPluginAsync = async (app) => {
  const webhooks = webhookDispatcherOf(app);
  const steps = [
    ...billingJobSteps(depsOf(app), app.config.SANDBOX_SETTLE_MS, app.config.SANDBOX_BANK_SETTLE_MS),
    ...usageJobSteps(depsOf(app), app.config.USAGE_RETENTION_MONTHS),
    mailDeliveryStep(app.outbox),
    webhookDeliveryStep(webhooks),
  ];
  const scheduler = createScheduler({ steps, clock: app.clock, log: app.log, record: createJobRunRecord(app.db) });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await webhooks.drain();
  });
};
