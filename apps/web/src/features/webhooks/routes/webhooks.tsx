import { EVENT_RETENTION_DAYS, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointSecret } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, KeyRound, ListChecks, Plus, Power, RefreshCw, RotateCcw, Send, Webhook } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { AdminList, NoticeBanner, type Notice } from '@/components/admin-list';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/client';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { useSession } from '@/lib/session/session-store';
import { usePageTitle } from '@/lib/use-page-title';
import {
  enableWebhookEndpoint,
  replayWebhookDelivery,
  sendWebhookTest,
  WEBHOOKS_KEY,
  webhookDeliveriesQuery,
  webhookEndpointsQuery,
} from '../api/webhooks';
import { DeliveryFilters, DeliveryList } from '../components/delivery-list';
import { webhooksLocales } from '../locales';
import { deliveriesQueryOf, eventsShown, NO_DELIVERY_FILTER, type DeliveryFilter } from '../rules';

await registerLocales('webhooks', webhooksLocales);

// The dialogs (and Radix Dialog with them) load when first opened, or when the pointer nears an action.
const loadDialogs = () => import('../components/webhook-dialogs');
const RegisterEndpointDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RegisterEndpointDialog })));
const SecretDialog = lazy(() => loadDialogs().then((m) => ({ default: m.SecretDialog })));
const RotateWebhookSecretDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RotateWebhookSecretDialog })));
const DisableEndpointDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DisableEndpointDialog })));
const AttemptsDialog = lazy(() => loadDialogs().then((m) => ({ default: m.AttemptsDialog })));
const ReplayFailedDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ReplayFailedDialog })));

/**
 * /admin/webhooks: an Admin registers the endpoints that hear the portal's events (URL, event types,
 * description; the signing secret shown once), rotates a secret (both signatures sent during the overlap),
 * sends a test event, disables or enables an endpoint, and reads an endpoint's recent deliveries under
 * filters, replaying one or every failed one of a period. The server audits every change.
 */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const f = useFormat();
  usePageTitle(t('title'));
  const session = useSession();
  const endpoints = useQuery({ ...webhookEndpointsQuery(), enabled: Boolean(session?.isAdmin) });
  const [chosenId, setChosenId] = useState<bigint | null>(null);
  const chosen = endpoints.data?.find((endpoint) => endpoint.id === chosenId) ?? endpoints.data?.[0] ?? null;
  const [filter, setFilter] = useState<DeliveryFilter>(NO_DELIVERY_FILTER);
  const { query: filters, errors: filterErrors } = deliveriesQueryOf(filter);
  const deliveries = useInfiniteQuery({
    ...webhookDeliveriesQuery(chosen?.id ?? 0n, filters),
    enabled: chosen !== null,
    placeholderData: keepPreviousData,
  });
  const [registering, setRegistering] = useState(false);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [disabling, setDisabling] = useState<WebhookEndpoint | null>(null);
  const [replayingFailed, setReplayingFailed] = useState<WebhookEndpoint | null>(null);
  const [attemptsOf, setAttemptsOf] = useState<WebhookDelivery | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointSecret | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS_KEY] });

  // A change that takes its button away (disable, enable) or happens elsewhere on the page: focus goes to what happened.
  const say = async (text: string, tone: 'success' | 'error' = 'success') => {
    setNotice({ tone, text });
    await refresh();
    noticeRef.current?.focus();
  };
  const showSecret = (answer: WebhookEndpointSecret, message: 'registered' | 'rotated') => {
    setRegistering(false);
    setRotating(null);
    setSecret(answer);
    setChosenId(answer.endpoint.id);
    setNotice({ tone: 'success', text: t(message, { url: answer.endpoint.url }) });
    void refresh();
  };
  const sendTest = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => sendWebhookTest(endpoint.id),
    onSuccess: (_, endpoint) => {
      setChosenId(endpoint.id);
      void say(t('testSent', { url: endpoint.url }));
    },
    onError: (error) => void say(errorMessage(error, t('actionFailed')), 'error'),
  });
  const enable = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => enableWebhookEndpoint(endpoint.id),
    onSuccess: (enabled) => void say(t('enabled', { url: enabled.url })),
    onError: (error) => void say(errorMessage(error, t('actionFailed')), 'error'),
  });
  const replay = useMutation({
    mutationFn: (delivery: WebhookDelivery) => replayWebhookDelivery(delivery.id),
    onSuccess: (_, delivery) => void say(t('replayed', { event: t(`eventType.${delivery.eventType}`), id: delivery.eventId })),
    onError: (error) => void say(errorMessage(error, t('actionFailed')), 'error'),
  });

  const who = (endpoint: WebhookEndpoint) => (
    <div className="flex min-w-0 flex-col gap-0.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium break-all">{endpoint.url}</span>
        <Badge tone={endpoint.status === 'active' ? 'success' : 'neutral'}>{t(`endpointStatus_${endpoint.status}`)}</Badge>
        {endpoint.status === 'active' && endpoint.failingSince && (
          <Badge tone="warning" wrap>
            {t('failingSince', { time: f.dateTime(endpoint.failingSince) })}
          </Badge>
        )}
      </div>
      <div className="text-sm">{endpoint.description || <span className="text-fg-muted">{t('noDescription')}</span>}</div>
      {endpoint.orderedPerAccount && <div className="text-sm text-fg-muted">{t('orderedPerAccount')}</div>}
      {endpoint.status === 'disabled' && endpoint.disabledAt && (
        <div className="text-sm text-fg-muted">
          {t(`disabledBy_${endpoint.disabledReason ?? 'admin'}`, { time: f.dateTime(endpoint.disabledAt) })}
        </div>
      )}
      <div className="text-sm text-fg-muted">{t('secretIssued', { time: f.dateTime(endpoint.secretIssuedAt) })}</div>
      {endpoint.previousSecretExpiresAt && (
        <div className="text-sm text-fg-muted">
          {t('previousSecretUntil', { time: f.dateTime(endpoint.previousSecretExpiresAt) })}
        </div>
      )}
    </div>
  );
  const events = (endpoint: WebhookEndpoint) => {
    const shown = eventsShown(endpoint.events);
    return shown === 'all' ? (
      <Badge tone="info">{t('allEvents')}</Badge>
    ) : (
      <ul aria-label={t('events')} className="flex flex-wrap gap-1.5">
        {shown.map((type) => (
          <li key={type}>
            <Badge tone="info">{t(`eventType.${type}`)}</Badge>
          </li>
        ))}
      </ul>
    );
  };
  const actions = (endpoint: WebhookEndpoint, align: 'justify-end' | 'justify-start') => {
    const labelled = (label: string) => tc('labelled', { label, value: endpoint.url });
    return (
      <div
        className={`flex flex-wrap gap-2 ${align}`}
        onPointerEnter={() => void loadDialogs()}
        onFocus={() => void loadDialogs()}
      >
        <Button
          size="sm"
          variant={chosen?.id === endpoint.id ? 'primary' : 'secondary'}
          aria-pressed={chosen?.id === endpoint.id}
          onClick={() => setChosenId(endpoint.id)}
          aria-label={labelled(t('showDeliveries'))}
        >
          <ListChecks className="size-4" aria-hidden="true" />
          {t('showDeliveries')}
        </Button>
        {endpoint.status === 'active' ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              loading={sendTest.isPending && sendTest.variables.id === endpoint.id}
              loadingText={t('sendingTest')}
              onClick={() => sendTest.mutate(endpoint)}
              aria-label={labelled(t('sendTest'))}
            >
              <Send className="size-4" aria-hidden="true" />
              {t('sendTest')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setRotating(endpoint)} aria-label={labelled(t('rotate'))}>
              <KeyRound className="size-4" aria-hidden="true" />
              {t('rotate')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDisabling(endpoint)} aria-label={labelled(t('disable'))}>
              <Ban className="size-4" aria-hidden="true" />
              {t('disable')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            loading={enable.isPending && enable.variables.id === endpoint.id}
            loadingText={t('enabling')}
            onClick={() => enable.mutate(endpoint)}
            aria-label={labelled(t('enable'))}
          >
            <Power className="size-4" aria-hidden="true" />
            {t('enable')}
          </Button>
        )}
      </div>
    );
  };

  const back = <BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>;
  if (!session?.isAdmin) {
    return (
      <>
        <PageHeader title={t('title')} back={back} />
        <Banner tone="error">{t('forbidden')}</Banner>
      </>
    );
  }

  const loaded = deliveries.data?.pages.flatMap((page) => page.value) ?? [];
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('intro')}
        back={back}
        actions={
          <Button
            onClick={() => setRegistering(true)}
            onPointerEnter={() => void loadDialogs()}
            onFocus={() => void loadDialogs()}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('register')}
          </Button>
        }
      />
      <NoticeBanner ref={noticeRef} notice={notice} onDismiss={() => setNotice(null)} />
      <AdminList
        query={endpoints}
        loadError={t('loadError')}
        empty={{ icon: <Webhook />, title: t('empty'), text: t('emptyText') }}
        caption={t('endpoints')}
        rowKey={(endpoint) => String(endpoint.id)}
        columns={[
          { header: t('endpoint'), className: 'max-w-md', cell: who },
          { header: t('events'), cell: events },
          { header: t('actions'), align: 'right', cell: (endpoint, layout) => actions(endpoint, layout === 'table' ? 'justify-end' : 'justify-start') },
        ]}
      />

      {chosen && (
        <Card as="section" aria-labelledby="webhook-deliveries" className="mt-8 flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <h2 id="webhook-deliveries" className="min-w-0 text-lg font-semibold break-all">
              {t('deliveriesOf', { url: chosen.url })}
            </h2>
            {/* Read again when asked, never on a timer: a poll would keep an idle session alive. */}
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                loading={deliveries.isRefetching}
                loadingText={tc('loading')}
                onClick={() => void deliveries.refetch()}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                {t('refresh')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setReplayingFailed(chosen)}
                onPointerEnter={() => void loadDialogs()}
                onFocus={() => void loadDialogs()}
              >
                <RotateCcw className="size-4" aria-hidden="true" />
                {t('replayFailed')}
              </Button>
            </div>
          </div>
          <p className="text-sm text-fg-muted">{t('deliveriesKept', { count: EVENT_RETENTION_DAYS })}</p>
          <DeliveryFilters filter={filter} errors={filterErrors} onChange={setFilter} />
          {deliveries.isError ? (
            <Banner tone="error">{t('deliveriesLoadError')}</Banner>
          ) : deliveries.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <span role="status" className="sr-only">
                {tc('loading')}
              </span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : loaded.length === 0 ? (
            <EmptyState
              level={3}
              icon={<Send />}
              title={Object.keys(filters).length > 0 ? t('noMatch') : t('noDeliveries')}
              description={Object.keys(filters).length > 0 ? undefined : t('noDeliveriesText')}
            />
          ) : (
            <>
              <p role="status" className="text-sm text-fg-muted">
                {t('shownCount', { count: loaded.length })}
              </p>
              <DeliveryList
                deliveries={loaded}
                onReplay={(delivery) => replay.mutate(delivery)}
                replaying={replay.isPending ? replay.variables.id : null}
                onShowAttempts={setAttemptsOf}
                preloadAttempts={() => void loadDialogs()}
              />
              {deliveries.hasNextPage && (
                <div>
                  <Button
                    variant="secondary"
                    loading={deliveries.isFetchingNextPage}
                    loadingText={tc('loading')}
                    onClick={() => void deliveries.fetchNextPage()}
                  >
                    {t('showOlder')}
                  </Button>
                </div>
              )}
            </>
          )}
        </Card>
      )}

      <Suspense fallback={null}>
        {registering && (
          <RegisterEndpointDialog
            onClose={() => setRegistering(false)}
            onRegistered={(answer) => showSecret(answer, 'registered')}
          />
        )}
        {rotating && (
          <RotateWebhookSecretDialog
            endpoint={rotating}
            onClose={() => setRotating(null)}
            onRotated={(answer) => showSecret(answer, 'rotated')}
          />
        )}
        {disabling && (
          <DisableEndpointDialog endpoint={disabling} onClose={() => setDisabling(null)} onDone={(text) => say(text)} />
        )}
        {replayingFailed && (
          <ReplayFailedDialog
            endpoint={replayingFailed}
            onClose={() => setReplayingFailed(null)}
            onDone={(replayed) => {
              setReplayingFailed(null);
              return say(t('replayedCount', { count: replayed }));
            }}
          />
        )}
        {attemptsOf && <AttemptsDialog delivery={attemptsOf} onClose={() => setAttemptsOf(null)} />}
        {secret && (
          <SecretDialog answer={secret} onClose={() => setSecret(null)} returnFocusTo={noticeRef} />
        )}
      </Suspense>
    </>
  );
}

export { WebhooksPage as Component };
