import type { OneTimeLoginLink, UserSummary } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, UserCheck, UserX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/client';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { useSession } from '@/lib/session/session-store';
import { usePageTitle } from '@/lib/use-page-title';
import { disableUser, issueOneTimeLogin, pendingUsersQuery } from '../api/users';
import { adminLocales } from '../locales';

await registerLocales('admin', adminLocales);

/**
 * The dialogs (and Radix Dialog with them, ~14 KB gzip) load when first opened, or when the pointer nears an
 * action button, keeping this route within the 200 KB budget (decisions §9).
 */
const loadDialogs = () => import('../components/user-dialogs');
const ApproveDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ApproveDialog })));
const DisableDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DisableDialog })));
const OneTimeLinkDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OneTimeLinkDialog })));

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** /admin/users (decisions §5): Admin lists users awaiting approval and approves, disables or sends a sign-in link. */
export function PendingUsersPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  usePageTitle(t('title'));
  const session = useSession();
  const f = useFormat();
  const users = useQuery({ ...pendingUsersQuery(), enabled: Boolean(session?.isAdmin) });
  const [approving, setApproving] = useState<UserSummary | null>(null);
  const [disabling, setDisabling] = useState<UserSummary | null>(null);
  const [link, setLink] = useState<{ user: UserSummary; link: OneTimeLoginLink } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pendingUsersQuery().queryKey });

  const disable = useMutation({
    mutationFn: (user: UserSummary) => disableUser(user.id),
    onSuccess: (_data, user) => {
      setDisabling(null);
      setNotice({ tone: 'success', text: t('disabled', { name: user.name }) });
      void refresh();
    },
  });
  const oneTime = useMutation({
    mutationFn: (user: UserSummary) => issueOneTimeLogin(user.id),
    onSuccess: (result, user) => setLink({ user, link: result }),
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t('actionFailed')) }),
  });

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
      <PageHeader title={t('title')} description={t('intro')} back={back} />
      {notice && (
        <Banner tone={notice.tone} className="mb-4" onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      {users.isError ? (
        <Banner tone="error">{t('loadError')}</Banner>
      ) : users.isPending ? (
        <Card className="flex flex-col gap-3 p-5" aria-busy="true">
          <span role="status" className="sr-only">
            {tc('loading')}
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </Card>
      ) : users.data.length === 0 ? (
        <Card>
          <EmptyState icon={<UserCheck />} title={t('empty')} description={t('emptyText')} />
        </Card>
      ) : (
        <Table caption={t('table')} hideCaption>
          <THead>
            <tr>
              <Th>{t('name')}</Th>
              <Th>{t('username')}</Th>
              <Th>{t('email')}</Th>
              <Th>{t('requested')}</Th>
              <Th>
                <span className="sr-only">{t('actions')}</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {users.data.map((user) => (
              <Tr key={String(user.id)}>
                <Td className="font-medium">{user.name}</Td>
                <Td>{user.username}</Td>
                <Td>{user.email ?? tc('notAvailable')}</Td>
                <Td className="whitespace-nowrap">{f.date(user.createdAt, 'list')}</Td>
                <Td>
                  <div
                    className="flex flex-wrap justify-end gap-2"
                    onPointerEnter={() => void loadDialogs()}
                    onFocus={() => void loadDialogs()}
                  >
                    <Button size="sm" onClick={() => setApproving(user)} aria-label={`${t('approve')}: ${user.name}`}>
                      <UserCheck className="size-4" aria-hidden="true" />
                      {t('approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={oneTime.isPending && oneTime.variables?.id === user.id}
                      onClick={() => oneTime.mutate(user)}
                      aria-label={`${t('oneTimeLink')}: ${user.name}`}
                    >
                      <Link2 className="size-4" aria-hidden="true" />
                      {t('oneTimeLink')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDisabling(user)}
                      aria-label={`${t('disable')}: ${user.name}`}
                    >
                      <UserX className="size-4" aria-hidden="true" />
                      {t('disable')}
                    </Button>
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}

      {approving && (
        <Suspense fallback={null}>
          <ApproveDialog
            user={approving}
            onClose={() => setApproving(null)}
            onApproved={() => {
              setNotice({ tone: 'success', text: t('approved', { name: approving.name }) });
              setApproving(null);
              void refresh();
            }}
          />
        </Suspense>
      )}

      <Suspense fallback={null}>
        {disabling && (
          <DisableDialog
            user={disabling}
            busy={disable.isPending}
            error={disable.isError ? errorMessage(disable.error, t('actionFailed')) : null}
            onConfirm={() => disable.mutate(disabling)}
            onClose={() => {
              setDisabling(null);
              disable.reset();
            }}
          />
        )}
        {link && <OneTimeLinkDialog value={link} onClose={() => setLink(null)} />}
      </Suspense>
    </>
  );
}

export { PendingUsersPage as Component };
