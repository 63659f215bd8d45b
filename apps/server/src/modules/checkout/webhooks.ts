import type { ProviderEvent } from '../../card-providers/provider';
import type { Deps } from '../../http/deps';
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
export const handleProviderEvent = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, event: ProviderEvent): Promise<WebhookOutcome> => {
  if (await isProviderEventProcessed(deps.db, event.id)) return 'duplicate';
  const now = deps.clock.now();
  let outcome: WebhookOutcome = 'processed';
  switch (event.type) {
    case 'setup_completed': {
      const session = await completeCardSetup(deps, event.sessionId);
      if (!session) outcome = 'ignored';
      break;
    }
    case 'charge_succeeded':
    case 'charge_failed': {
      const payment = await findProviderPayment(deps.db, deps.provider.name, event.paymentId, event.providerRef);
      if (!payment) {
        outcome = 'ignored';
        break;
      }
      const settleOutcome =
        event.type === 'charge_succeeded'
          ? ({ status: 'Successful' } as const)
          : ({ status: 'Error', failureReason: event.failureReason, failureMessage: event.failureMessage } as const);
      await deps.db.transaction((tx) =>
        settlePayment(tx, now, payment.id, settleOutcome, { providerRef: event.providerRef, notifyManualFailure: true, outbox: deps.outbox }),
      );
      break;
    }
    case 'ignored':
      outcome = 'ignored';
      break;
  }
  if (outcome === 'ignored') deps.log.info({ eventId: event.id, type: event.type }, 'provider event not acted on');
  await recordProviderEvent(deps.db, event.id, event.type === 'ignored' ? event.providerType : event.type, now);
  return outcome;
};
