import type { ApiClient, ApiClientCredentials } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, KeyRound, Plus, Workflow } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { AdminList, NoticeBanner, type Notice } from '@/components/admin-list';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { useSession } from '@/lib/session/session-store';
import { usePageTitle } from '@/lib/use-page-title';
import { apiClientsQuery } from '../api/api-clients';
import { apiClientsLocales } from '../locales';

await registerLocales('apiClients', apiClientsLocales);

// The dialogs (and Radix Dialog with them) load when first opened, or when the pointer nears an action.
const loadDialogs = () => import('../components/api-client-dialogs');
const CreateApiClientDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CreateApiClientDialog })));
const SecretDialog = lazy(() => loadDialogs().then((m) => ({ default: m.SecretDialog })));
const RotateApiClientSecretDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RotateApiClientSecretDialog })));
const DisableApiClientDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DisableApiClientDialog })));

/**
 * /admin/api-clients: Admin creates the machine clients of the provider API (name and
 * scopes; the secret is shown once), rotates a secret with a grace period for the old one, or disables a
 * client. Every change is audited on the server.
 */
export function ApiClientsPage() {
  const { t } = useTranslation('apiClients');
  const { t: tc } = useTranslation();
  const f = useFormat();
  usePageTitle(t('title'));
  const session = useSession();
  const clients = useQuery({ ...apiClientsQuery(), enabled: Boolean(session?.isAdmin) });
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [disabling, setDisabling] = useState<ApiClient | null>(null);
  const [secret, setSecret] = useState<ApiClientCredentials | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiClientsQuery().queryKey });

  const showSecret = (credentials: ApiClientCredentials, message: 'created' | 'rotated') => {
    setCreating(false);
    setRotating(null);
    setSecret(credentials);
    setNotice({ tone: 'success', text: t(message, { name: credentials.client.name }) });
    void refresh();
  };
  // The Disable button goes with the change: focus goes to the message.
  const disabled = async (text: string) => {
    setNotice({ tone: 'success', text });
    await refresh();
    noticeRef.current?.focus();
  };

  const who = (client: ApiClient) => (
    <div className="flex min-w-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 font-medium">
        {client.name}
        <Badge tone={client.status === 'active' ? 'success' : 'neutral'}>{t(`status_${client.status}`)}</Badge>
      </div>
      <div className="font-mono text-xs break-all text-fg-muted">{client.clientId}</div>
      <div className="text-sm text-fg-muted">{t('secretIssued', { time: f.dateTime(client.secretIssuedAt) })}</div>
      {client.previousSecretExpiresAt && (
        <div className="text-sm text-fg-muted">{t('previousSecretUntil', { time: f.dateTime(client.previousSecretExpiresAt) })}</div>
      )}
    </div>
  );
  const scopes = (client: ApiClient) => (
    <ul aria-label={t('scopes')} className="flex flex-wrap gap-1.5">
      {client.scopes.map((scope) => (
        <li key={scope}>
          <Badge tone="info">{t(`scope.${scope}`)}</Badge>
        </li>
      ))}
    </ul>
  );
  const actions = (client: ApiClient, align: 'justify-end' | 'justify-start') =>
    client.status === 'active' && (
      <div className={`flex flex-wrap gap-2 ${align}`} onPointerEnter={() => void loadDialogs()} onFocus={() => void loadDialogs()}>
        <Button size="sm" variant="secondary" onClick={() => setRotating(client)} aria-label={tc('labelled', { label: t('rotate'), value: client.name })}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t('rotate')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDisabling(client)} aria-label={tc('labelled', { label: t('disable'), value: client.name })}>
          <Ban className="size-4" aria-hidden="true" />
          {t('disable')}
        </Button>
      </div>
    );

  const back = <BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>;
  if (!session?.isAdmin) {
    return (
      <>
        <PageHeader title={t('title')} back={back} />
        <Banner tone="error">{t('forbidden')}</Banner>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('intro')}
        back={back}
        actions={
          <Button onClick={() => setCreating(true)} onPointerEnter={() => void loadDialogs()} onFocus={() => void loadDialogs()}>
            <Plus className="size-4" aria-hidden="true" />
            {t('create')}
          </Button>
        }
      />
      <NoticeBanner ref={noticeRef} notice={notice} onDismiss={() => setNotice(null)} />
      <AdminList
        query={clients}
        loadError={t('loadError')}
        empty={{ icon: <Workflow />, title: t('empty'), text: t('emptyText') }}
        caption={t('table')}
        rowKey={(client) => String(client.id)}
        columns={[
          { header: t('name'), cell: who },
          { header: t('scopes'), cell: scopes },
          { header: t('actions'), align: 'right', cell: (client, layout) => actions(client, layout === 'table' ? 'justify-end' : 'justify-start') },
        ]}
      />

      <Suspense fallback={null}>
        {creating && <CreateApiClientDialog onClose={() => setCreating(false)} onCreated={(credentials) => showSecret(credentials, 'created')} />}
        {rotating && <RotateApiClientSecretDialog client={rotating} onClose={() => setRotating(null)} onRotated={(credentials) => showSecret(credentials, 'rotated')} />}
        {disabling && <DisableApiClientDialog client={disabling} onClose={() => setDisabling(null)} onDone={disabled} />}
        {secret && <SecretDialog credentials={secret} onClose={() => setSecret(null)} returnFocusTo={noticeRef} />}
      </Suspense>
    </>
  );
}

export { ApiClientsPage as Component };
