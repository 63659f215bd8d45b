import {
  EVENT_TYPES,
  WEBHOOK_DESCRIPTION_MAX,
  type EventType,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointSecret,
} from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { RotateSecretDialog } from '@/components/rotate-secret-dialog';
import { SecretOnceDialog } from '@/components/secret-once-dialog';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Checkbox, Field, Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api/client';
import { useFormat } from '@/lib/i18n/use-format';
import {
  disableWebhookEndpoint,
  registerWebhookEndpoint,
  replayFailedWebhookDeliveries,
  rotateWebhookSecret,
  webhookAttemptsQuery,
} from '../api/webhooks';
import { attemptCodeOf, durationText, endpointFormErrors, localDateTimeValue, replayPeriod } from '../rules';

/** Dialogs of the Webhooks screen, loaded on demand by routes/webhooks.tsx. */

export function RegisterEndpointDialog({
  onClose,
  onRegistered,
}: {
  onClose: () => void;
  onRegistered: (answer: WebhookEndpointSecret) => void;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const [description, setDescription] = useState('');
  const [orderedPerAccount, setOrderedPerAccount] = useState(false);
  const [tried, setTried] = useState(false);
  const register = useMutation({
    mutationFn: () => registerWebhookEndpoint({ url: url.trim(), events, description: description.trim(), orderedPerAccount }),
    onSuccess: onRegistered,
  });
  const errors = tried ? endpointFormErrors({ url, events, description }) : {};
  const submit = () => {
    setTried(true);
    if (Object.keys(endpointFormErrors({ url, events, description })).length === 0) register.mutate();
  };
  const allChosen = events.length === EVENT_TYPES.length;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('registerTitle')}
      description={t('registerText')}
      busy={register.isPending}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{tc('cancel')}</Button>
          </DialogClose>
          <Button loading={register.isPending} loadingText={t('registering')} onClick={submit}>
            {t('register')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {register.isError && <Banner tone="error">{errorMessage(register.error, t('actionFailed'))}</Banner>}
        <Field label={t('url')} hint={t('urlHint')} error={errors.url && t(errors.url)} required>
          <Input
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <fieldset className="flex flex-col gap-1" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold">{t('events')}</legend>
          <Checkbox
            label={t('allEvents')}
            checked={allChosen}
            onChange={(event) => setEvents(event.target.checked ? [...EVENT_TYPES] : [])}
          />
          <div className="grid gap-x-4 [overflow-wrap:anywhere] sm:grid-cols-2">
            {EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={t(`eventType.${type}`)}
                hint={type}
                checked={events.includes(type)}
                onChange={(event) =>
                  setEvents((current) => (event.target.checked ? [...current, type] : current.filter((e) => e !== type)))
                }
              />
            ))}
          </div>
          {errors.events && (
            <p id="webhook-events-error" className="text-sm text-danger">
              {t(errors.events)}
            </p>
          )}
        </fieldset>
        <Field label={t('description')} hint={t('descriptionHint')} error={errors.description && t(errors.description)}>
          <Input
            value={description}
            maxLength={WEBHOOK_DESCRIPTION_MAX + 50}
            onChange={(event) => setDescription(event.target.value)}
            autoComplete="off"
          />
        </Field>
        <Checkbox
          label={t('orderedPerAccount')}
          hint={t('orderedPerAccountHint')}
          checked={orderedPerAccount}
          onChange={(event) => setOrderedPerAccount(event.target.checked)}
        />
      </div>
    </Dialog>
  );
}

/** The endpoint's signing secret, once: after registration and after each rotation. */
export function SecretDialog({
  answer,
  onClose,
  returnFocusTo,
}: {
  answer: WebhookEndpointSecret;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <SecretOnceDialog
      title={t('secretTitle', { url: answer.endpoint.url })}
      warning={t('secretWarning')}
      fields={[{ label: t('signingSecret'), value: answer.secret, copyLabel: t('copySecret'), copiedLabel: t('copiedSecret') }]}
      doneLabel={t('done')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}

/** How long deliveries carry both signatures after a rotation, in minutes (the contract allows up to 7 days). */
export const OVERLAP_PERIODS = [0, 60, 1440, 10080] as const;

export function RotateWebhookSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onRotated: (answer: WebhookEndpointSecret) => void;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <RotateSecretDialog
      title={t('rotateTitle', { url: endpoint.url })}
      description={t('rotateText')}
      periodLabel={t('overlap')}
      periods={OVERLAP_PERIODS}
      periodText={(minutes) => t(`overlap_${minutes as (typeof OVERLAP_PERIODS)[number]}`)}
      rotate={(minutes) => rotateWebhookSecret(endpoint.id, minutes)}
      onClose={onClose}
      onRotated={onRotated}
      texts={{ rotate: t('rotate'), rotating: t('rotating'), failed: t('actionFailed') }}
    />
  );
}

export function DisableEndpointDialog({
  endpoint,
  onClose,
  onDone,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onDone: (text: string) => unknown;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={t('disableTitle', { url: endpoint.url })}
      confirmLabel={t('disable')}
      workingLabel={t('disabling')}
      action={() => disableWebhookEndpoint(endpoint.id)}
      onDone={(disabled) => onDone(t('disabled', { url: disabled.url }))}
      failedText={t('actionFailed')}
    >
      {t('disableText')}
    </ConfirmActionDialog>
  );
}

/** Replays every failed delivery of a period, the last 24 hours to start with. */
export function ReplayFailedDialog({
  endpoint,
  onClose,
  onDone,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onDone: (replayed: number) => unknown;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const [form, setForm] = useState(() => {
    const now = new Date();
    return { from: localDateTimeValue(new Date(now.getTime() - 24 * 60 * 60 * 1000)), to: localDateTimeValue(now) };
  });
  const [tried, setTried] = useState(false);
  const replay = useMutation({
    mutationFn: (period: { from: string; to: string }) => replayFailedWebhookDeliveries(endpoint.id, period),
    onSuccess: (answer) => onDone(answer.replayed),
  });
  const checked = replayPeriod(form, new Date());
  const errors = tried ? checked.errors : {};
  const submit = () => {
    setTried(true);
    if (checked.period) replay.mutate(checked.period);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('replayFailedTitle', { url: endpoint.url })}
      description={t('replayFailedText')}
      busy={replay.isPending}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{tc('cancel')}</Button>
          </DialogClose>
          <Button loading={replay.isPending} loadingText={t('replaying')} onClick={submit}>
            {t('replayFailed')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {replay.isError && <Banner tone="error">{errorMessage(replay.error, t('actionFailed'))}</Banner>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('from')} error={errors.from && t(errors.from)} required>
            <Input
              type="datetime-local"
              value={form.from}
              onChange={(event) => setForm((f) => ({ ...f, from: event.target.value }))}
            />
          </Field>
          <Field label={t('to')} error={errors.to && t(errors.to)} required>
            <Input
              type="datetime-local"
              value={form.to}
              onChange={(event) => setForm((f) => ({ ...f, to: event.target.value }))}
            />
          </Field>
        </div>
      </div>
    </Dialog>
  );
}

/** Every attempt of a delivery, oldest first: when, its status code, how long it took, and the start of its answer. */
export function AttemptsDialog({ delivery, onClose }: { delivery: WebhookDelivery; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const attempts = useQuery(webhookAttemptsQuery(delivery.id));
  const event = t(`eventType.${delivery.eventType}`);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('attemptsOf', { event, id: delivery.eventId })}
      size="lg"
      footer={
        <DialogClose asChild>
          <Button variant="secondary">{tc('close')}</Button>
        </DialogClose>
      }
    >
      {attempts.isError ? (
        <Banner tone="error">{t('attemptsLoadError')}</Banner>
      ) : attempts.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span role="status" className="sr-only">
            {tc('loading')}
          </span>
          <Skeleton className="h-10 w-full" />
        </div>
      ) : attempts.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('noStatusCode_notSent')}</p>
      ) : (
        <ol aria-label={t('attempts')} className="flex flex-col gap-3">
          {attempts.data.map((attempt) => {
            const code = attemptCodeOf(attempt);
            return (
              <li key={attempt.attempt} className="flex min-w-0 flex-col gap-2 rounded-xl border border-border p-3 text-sm">
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  <span className="font-medium">
                    {t('attemptAt', { attempt: attempt.attempt, time: f.dateTime(attempt.at) })}
                  </span>
                  <span className={typeof code === 'number' ? 'font-mono' : 'text-fg-muted'}>
                    {typeof code === 'number' ? code : t(`noStatusCode_${code}`)}
                  </span>
                  <span>{durationText(attempt.durationMs, f.language)}</span>
                </div>
                {attempt.response ? (
                  <pre
                    role="region"
                    tabIndex={0}
                    aria-label={t('answerOfAttempt', { attempt: attempt.attempt })}
                    className="max-h-40 overflow-auto rounded-md bg-surface-2 p-2 font-mono text-xs break-all whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    {attempt.response}
                  </pre>
                ) : (
                  <span className="text-fg-muted">{t('emptyAnswer')}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
