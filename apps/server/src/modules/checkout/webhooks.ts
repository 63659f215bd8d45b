import type { ProviderEvent } from '../../card-providers/provider';
import type { BillingContext } from '../../http/billing-context';
import { findProviderPayment } from '../payments';
import { settlePayment } from '../payments';
import { isProviderEventProcessed, recordProviderEvent } from './repository';
import { completeCardSetup } from './service';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Acts on a verified provider event once. The event id is recorded only after its effects
 * committed, so a failure answers non-2xx and the provider's retry does the work; every effect is
 * itself idempotent, so two deliveries racing each other cannot double it either.
 */
export const handleProviderEvent = async (ctx: BillingContext, event: ProviderEvent): Promise<WebhookOutcome> => {
  if (await isProviderEventProcessed(ctx.db, event.id)) return 'duplicate';
  const now = ctx.clock.now();
  let outcome: WebhookOutcome = 'processed';
  switch (event.type) {
    case 'setup_completed': {
      const session = await completeCardSetup(ctx, event.sessionId);
      if (!session) outcome = 'ignored';
      break;
    }
    case 'charge_succeeded':
    case 'charge_failed': {
      const payment = await findProviderPayment(ctx.db, ctx.provider.name, event.paymentId, event.providerRef);
      if (!payment) {
        outcome = 'ignored';
        break;
      }
      const settleOutcome =
        event.type === 'charge_succeeded'
          ? ({ status: 'Successful' } as const)
          : ({ status: 'Error', failureReason: event.failureReason, failureMessage: event.failureMessage } as const);
      await ctx.db.transaction((tx) =>
        settlePayment(tx, now, payment.id, settleOutcome, { providerRef: event.providerRef, notifyManualFailure: true, outbox: ctx.outbox }),
      );
      break;
    }
    case 'ignored':
      outcome = 'ignored';
      break;
  }
  if (outcome === 'ignored') ctx.log.info({ eventId: event.id, type: event.type }, 'provider event not acted on');
  await recordProviderEvent(ctx.db, event.id, event.type === 'ignored' ? event.providerType : event.type, now);
  return outcome;
};
