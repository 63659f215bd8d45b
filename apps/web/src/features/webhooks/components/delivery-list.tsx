import { EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, type WebhookDelivery, type WebhookEventType } from '@portal/contract';
import { History, RotateCcw } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { useFormat } from '@/lib/i18n/use-format';
import { DELIVERY_STATUS_TONE, durationText, statusCodeOf, type DeliveryFilter, type PeriodError } from '../rules';

const FILTER_OUTCOMES = ['succeeded', 'failed', 'pending'] as const;
const FILTER_EVENT_TYPES: WebhookEventType[] = [...EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE];

/** The filters of the deliveries list: outcome, event type and the period they were created in. */
export function DeliveryFilters({
  filter,
  errors,
  onChange,
}: {
  filter: DeliveryFilter;
  errors: Partial<Record<'from' | 'to', PeriodError>>;
  onChange: (filter: DeliveryFilter) => void;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <form
      role="search"
      aria-label={t('deliveryFilters')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label={t('outcome')}>
        <Select
          value={filter.outcome}
          onChange={(event) => onChange({ ...filter, outcome: event.target.value as DeliveryFilter['outcome'] })}
        >
          <option value="">{t('allOutcomes')}</option>
          {FILTER_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`filterOutcome_${outcome}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('event')}>
        <Select
          value={filter.eventType}
          onChange={(event) => onChange({ ...filter, eventType: event.target.value as DeliveryFilter['eventType'] })}
        >
          <option value="">{t('allEvents')}</option>
          {FILTER_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`eventType.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('createdFrom')} error={errors.from && t(errors.from)}>
        <Input
          type="datetime-local"
          value={filter.from}
          onChange={(event) => onChange({ ...filter, from: event.target.value })}
        />
      </Field>
      <Field label={t('createdTo')} error={errors.to && t(errors.to)}>
        <Input type="datetime-local" value={filter.to} onChange={(event) => onChange({ ...filter, to: event.target.value })} />
      </Field>
    </form>
  );
}

export interface DeliveryListProps {
  deliveries: readonly WebhookDelivery[];
  /** Replays one delivery; its button is busy while `replaying` names it. */
  onReplay: (delivery: WebhookDelivery) => void;
  replaying: WebhookDelivery['id'] | null;
  /** Opens the delivery's attempts. */
  onShowAttempts: (delivery: WebhookDelivery) => void;
  /** Starts loading the attempts dialog, when a pointer or focus nears its button. */
  preloadAttempts: () => void;
}

/**
 * Deliveries, newest first as the server answers them: each with its event, state, attempts, the latest
 * attempt's status code, duration and the start of its answer, and when the next retry leaves.
 */
export function DeliveryList({ deliveries, onReplay, replaying, onShowAttempts, preloadAttempts }: DeliveryListProps) {
  const { t } = useTranslation('webhooks');
  const f = useFormat();

  const eventName = (delivery: WebhookDelivery) => t(`eventType.${delivery.eventType}`);
  const state = (delivery: WebhookDelivery) => (
    <Badge tone={DELIVERY_STATUS_TONE[delivery.status]}>{t(`status_${delivery.status}`)}</Badge>
  );
  const event = (delivery: WebhookDelivery) => (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium">{eventName(delivery)}</span>
      <span className="font-mono text-xs break-all text-fg-muted">{delivery.eventId}</span>
      <span className="text-xs text-fg-muted">{f.dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</span>
    </div>
  );
  const code = (delivery: WebhookDelivery) => {
    const shown = statusCodeOf(delivery);
    return typeof shown === 'number' ? (
      <span className="font-mono">{shown}</span>
    ) : (
      <span className="text-fg-muted">{t(`noStatusCode_${shown}`)}</span>
    );
  };
  const duration = (delivery: WebhookDelivery) =>
    delivery.lastDurationMs === null ? '—' : durationText(delivery.lastDurationMs, f.language);
  const nextRetry = (delivery: WebhookDelivery) => (delivery.nextAttemptAt ? f.dateTime(delivery.nextAttemptAt) : t('noRetry'));
  const answer = (delivery: WebhookDelivery) =>
    delivery.lastResponse === null ? (
      <span className="text-fg-muted">—</span>
    ) : delivery.lastResponse === '' ? (
      <span className="text-fg-muted">{t('emptyAnswer')}</span>
    ) : (
      <details className="min-w-0">
        <summary className="cursor-pointer rounded font-medium text-brand-text focus-visible:outline-2 focus-visible:outline-focus">
          {t('showAnswer')}
        </summary>
        {/* A named, focusable region: a long answer scrolls, and keyboard users can scroll it too. */}
        <pre
          role="region"
          tabIndex={0}
          aria-label={t('answerOf', { event: eventName(delivery) })}
          className="mt-2 max-h-48 overflow-auto rounded-md bg-surface-2 p-2 font-mono text-xs break-all whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-focus"
        >
          {delivery.lastResponse}
        </pre>
      </details>
    );
  const replay = (delivery: WebhookDelivery) => (
    <div className="flex flex-wrap gap-2 [td_&]:justify-end">
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onShowAttempts(delivery)}
        onPointerEnter={preloadAttempts}
        onFocus={preloadAttempts}
        aria-label={t('attemptsOf', { event: eventName(delivery), id: delivery.eventId })}
      >
        <History className="size-4" aria-hidden="true" />
        {t('attempts')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        loading={replaying === delivery.id}
        loadingText={t('replaying')}
        onClick={() => onReplay(delivery)}
        aria-label={t('replayOne', { event: eventName(delivery), id: delivery.eventId })}
      >
        <RotateCcw className="size-4" aria-hidden="true" />
        {t('replay')}
      </Button>
    </div>
  );

  return (
    <TableOrCards
      content={deliveries}
      table={
        <Table caption={t('deliveries')} hideCaption>
          <THead>
            <tr>
              <Th>{t('event')}</Th>
              <Th>{t('status')}</Th>
              <Th align="right">{t('attempts')}</Th>
              <Th align="right">{t('statusCode')}</Th>
              <Th align="right">{t('duration')}</Th>
              <Th>{t('nextRetry')}</Th>
              <Th>{t('answer')}</Th>
              <Th align="right">{t('actions')}</Th>
            </tr>
          </THead>
          <TBody>
            {deliveries.map((delivery) => (
              <Tr key={String(delivery.id)}>
                <Td>{event(delivery)}</Td>
                <Td>{state(delivery)}</Td>
                <Td align="right">{delivery.attempts}</Td>
                <Td align="right">{code(delivery)}</Td>
                <Td align="right">{duration(delivery)}</Td>
                <Td>{nextRetry(delivery)}</Td>
                <Td className="max-w-64">{answer(delivery)}</Td>
                <Td align="right">{replay(delivery)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      }
      // Phones and narrow windows: one card per delivery, its figures as terms and values.
      cards={
        <ul aria-label={t('deliveries')} className="flex flex-col gap-3">
          {deliveries.map((delivery) => (
            <li
              key={String(delivery.id)}
              className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4 text-sm shadow-sm"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                {event(delivery)}
                {state(delivery)}
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
                <dt className="text-fg-muted">{t('attempts')}</dt>
                <dd>{delivery.attempts}</dd>
                <dt className="text-fg-muted">{t('statusCode')}</dt>
                <dd>{code(delivery)}</dd>
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
  );
}
