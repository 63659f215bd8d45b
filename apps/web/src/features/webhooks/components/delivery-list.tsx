import { EVENT_TYPES, type WebhookDelivery } from '@portal/contract';
import { RotateCcw, Send } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Select } from '@/components/ui/field';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { useFormat } from '@/lib/i18n/use-format';
import { deliveryOutcome, deliveryShown, durationText, OUTCOME_TONE, statusCodeText, type DeliveryFilter, type DeliveryOutcome } from '../rules';

const OUTCOMES: DeliveryOutcome[] = ['delivered', 'retrying', 'pending', 'failed'];

export interface DeliveryListProps {
  deliveries: readonly WebhookDelivery[];
  filter: DeliveryFilter;
  onFilterChange: (filter: DeliveryFilter) => void;
  /** Replays one delivery; the row's button is busy while `replaying` names it. */
  onReplay: (delivery: WebhookDelivery) => void;
  replaying: WebhookDelivery['id'] | null;
}

/**
 * An endpoint's recent deliveries (newest first, as the server answers them) under two filters, outcome and
 * event type: each with its event, attempt, status code, duration, next retry and the start of the answer.
 */
export function DeliveryList({ deliveries, filter, onFilterChange, onReplay, replaying }: DeliveryListProps) {
  const { t } = useTranslation('webhooks');
  const f = useFormat();
  const shown = deliveries.filter((delivery) => deliveryShown(filter, delivery));

  const eventName = (delivery: WebhookDelivery) => t(`eventType.${delivery.eventType}`);
  const outcome = (delivery: WebhookDelivery) => {
    const o = deliveryOutcome(delivery);
    return <Badge tone={OUTCOME_TONE[o]}>{t(`outcome_${o}`)}</Badge>;
  };
  const event = (delivery: WebhookDelivery) => (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium">{eventName(delivery)}</span>
      <span className="font-mono text-xs break-all text-fg-muted">{delivery.eventId}</span>
      {delivery.attemptedAt && <span className="text-xs text-fg-muted">{f.dateTime(delivery.attemptedAt)}</span>}
    </div>
  );
  const code = (delivery: WebhookDelivery) => statusCodeText(delivery, { notSent: t('notSent'), noAnswer: t('noAnswer') });
  const duration = (delivery: WebhookDelivery) => (delivery.durationMs === null ? '—' : durationText(delivery.durationMs, f.language));
  const nextRetry = (delivery: WebhookDelivery) => (delivery.nextAttemptAt ? f.dateTime(delivery.nextAttemptAt) : t('noRetry'));
  const answer = (delivery: WebhookDelivery) =>
    delivery.responseExcerpt === null ? (
      <span className="text-fg-muted">—</span>
    ) : delivery.responseExcerpt === '' ? (
      <span className="text-fg-muted">{t('emptyAnswer')}</span>
    ) : (
      <details className="min-w-0">
        <summary className="cursor-pointer rounded text-brand-text focus-visible:outline-2 focus-visible:outline-focus">{t('answer')}</summary>
        <pre
          tabIndex={0}
          aria-label={t('answerOf', { attempt: delivery.attempt, event: eventName(delivery) })}
          className="mt-2 max-h-48 max-w-full overflow-auto rounded-md bg-surface-2 p-2 font-mono text-xs break-all whitespace-pre-wrap"
        >
          {delivery.responseExcerpt}
        </pre>
      </details>
    );
  const replay = (delivery: WebhookDelivery) => (
    <Button
      size="sm"
      variant="secondary"
      loading={replaying === delivery.id}
      loadingText={t('replaying')}
      onClick={() => onReplay(delivery)}
      aria-label={t('replayOne', { event: `${eventName(delivery)} ${delivery.eventId}` })}
    >
      <RotateCcw className="size-4" aria-hidden="true" />
      {t('replay')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      <form role="search" aria-label={t('deliveryFilters')} className="flex flex-col gap-3 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
        <div className="sm:w-56">
          <Field label={t('outcome')}>
            <Select value={filter.outcome} onChange={(event) => onFilterChange({ ...filter, outcome: event.target.value as DeliveryFilter['outcome'] })}>
              <option value="">{t('allOutcomes')}</option>
              {OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`outcome_${o}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="sm:w-72">
          <Field label={t('event')}>
            <Select value={filter.eventType} onChange={(event) => onFilterChange({ ...filter, eventType: event.target.value })}>
              <option value="">{t('allEvents')}</option>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`eventType.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </form>
      {deliveries.length === 0 ? (
        <EmptyState level={3} icon={<Send />} title={t('noDeliveries')} description={t('noDeliveriesText')} />
      ) : (
        <>
          <p role="status" className="text-sm text-fg-muted">
            {t('shownCount', { count: shown.length, total: deliveries.length })}
          </p>
          {shown.length === 0 ? (
            <EmptyState level={3} title={t('noMatch')} />
          ) : (
            <TableOrCards
              content={shown}
              table={
                <Table caption={t('deliveries')} hideCaption>
                  <THead>
                    <tr>
                      <Th>{t('event')}</Th>
                      <Th>{t('outcome')}</Th>
                      <Th align="right">{t('attempt')}</Th>
                      <Th align="right">{t('statusCode')}</Th>
                      <Th align="right">{t('duration')}</Th>
                      <Th>{t('nextRetry')}</Th>
                      <Th>{t('answer')}</Th>
                      <Th align="right">{t('actions')}</Th>
                    </tr>
                  </THead>
                  <TBody>
                    {shown.map((delivery) => (
                      <Tr key={String(delivery.id)}>
                        <Td>{event(delivery)}</Td>
                        <Td>{outcome(delivery)}</Td>
                        <Td align="right">{delivery.attempt}</Td>
                        <Td align="right" className="font-mono">
                          {code(delivery)}
                        </Td>
                        <Td align="right">{duration(delivery)}</Td>
                        <Td>{nextRetry(delivery)}</Td>
                        <Td className="max-w-64">{answer(delivery)}</Td>
                        <Td align="right">{replay(delivery)}</Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              }
              // Phones and narrow windows: one card per delivery, its figures as a list of terms.
              cards={
                <ul aria-label={t('deliveries')} className="flex flex-col gap-3">
                  {shown.map((delivery) => (
                    <li key={String(delivery.id)} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 text-sm shadow-sm">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        {event(delivery)}
                        {outcome(delivery)}
                      </div>
                      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
                        <dt className="text-fg-muted">{t('attempt')}</dt>
                        <dd>{delivery.attempt}</dd>
                        <dt className="text-fg-muted">{t('statusCode')}</dt>
                        <dd className="font-mono">{code(delivery)}</dd>
                        <dt className="text-fg-muted">{t('duration')}</dt>
                        <dd>{duration(delivery)}</dd>
                        <dt className="text-fg-muted">{t('nextRetry')}</dt>
                        <dd>{nextRetry(delivery)}</dd>
                      </dl>
                      {answer(delivery)}
                      <div>{replay(delivery)}</div>
                    </li>
                  ))}
                </ul>
              }
            />
          )}
        </>
      )}
    </div>
  );
}
