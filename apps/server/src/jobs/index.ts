import type { FastifyPluginAsync } from 'fastify';
import { billingContextOf } from '../modules/payments/http';
import { runDueAutopay } from '../modules/autopay/runner';
import type { BillingContext } from '../modules/payments/context';
import { resubmitUnconfirmedCharges } from './resubmit-charges';
import { createScheduler, type JobStep } from './scheduler';
import { settleDueSandboxPayments } from './settle-sandbox-payments';

/** How often the automatic payments job looks for due accounts. */
export const AUTOPAY_EVERY_MS = 30_000;

/** The billing jobs for the configured provider. */
export const billingJobSteps = (ctx: BillingContext, sandboxSettleMs: number): JobStep[] => {
  const steps: JobStep[] = [
    { name: 'autopay', everyMs: AUTOPAY_EVERY_MS, run: (now) => runDueAutopay(ctx, now) },
    { name: 'resubmit-charges', everyMs: 30_000, run: (now) => resubmitUnconfirmedCharges(ctx, now) },
  ];
  if (ctx.provider.name === 'sandbox') {
    // Ticks several times per settle delay so a charge settles "within a few seconds".
    const everyMs = Math.min(1_000, Math.max(250, Math.floor(sandboxSettleMs / 2)));
    steps.push({ name: 'settle-sandbox-payments', everyMs, run: (now) => settleDueSandboxPayments(ctx, now, sandboxSettleMs) });
  }
  return steps;
};

/** Runs the billing jobs while the app is up (registered when JOBS_ENABLED). */
export const jobsPlugin: FastifyPluginAsync = async (app) => {
  const scheduler = createScheduler({ steps: billingJobSteps(billingContextOf(app), app.config.SANDBOX_SETTLE_MS), clock: app.clock, log: app.log });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
};
