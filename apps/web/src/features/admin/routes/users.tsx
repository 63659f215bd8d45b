import { USER_LIST_LIMIT, USER_STATUSES, type OneTimeLoginLink, type UserStatus, type UserSummary } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Link2, LockOpen, Pencil, UserCheck, UserX, Users } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { AdminList, NoticeBanner, type Notice } from '@/components/admin-list';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/client';
import { cn } from '@/lib/cn';
import { registerLocales } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/session/session-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFormat } from '@/lib/i18n/use-format';
import { usePageTitle } from '@/lib/use-page-title';
import { issueOneTimeLogin, usersQuery } from '../api/users';
import { adminLocales } from '../locales';
import type { AccessMode } from '../components/user-dialogs';

await registerLocales('admin', adminLocales);

/**
 * The dialogs (and Radix Dialog with them, ~14 KB gzip) load when first opened, or when the pointer nears an
 * action button, keeping this route within the 200 KB budget (docs/decisions/0009-performance-budgets.md).
 */
const loadDialogs = () => import('../components/user-dialogs');
const AccessDialog = lazy(() => loadDialogs().then((m) => ({ default: m.AccessDialog })));
const DisableDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DisableDialog })));
const ResetTwoFactorDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ResetTwoFactorDialog })));
const LiftLockoutDialog = lazy(() => loadDialogs().then((m) => ({ default: m.LiftLockoutDialog })));
const OneTimeLinkDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OneTimeLinkDialog })));

const STATUS_TONE: Record<UserStatus, BadgeTone> = { pending: 'warning', active: 'success', disabled: 'neutral' };

/**
 * /admin/users (docs/decisions/0006-where-the-spec-is-wrong.md): Admin finds any user by name, username or email and status;
 * approves those awaiting approval, edits an active user's roles and accounts, enables a disabled one,
 * sends a sign-in link, resets two-factor sign-in or disables. Every change is audited on the server and
 * ends the person's sessions, so it takes effect on their next request.
 */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const f = useFormat();
  usePageTitle(t('title'));
  const session = useSession();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const filter = { search: useDebouncedValue(search.trim(), 300), status };
  const users = useQuery({ ...usersQuery(filter), enabled: Boolean(session?.isAdmin), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<{ user: UserSummary; mode: AccessMode } | null>(null);
  const [disabling, setDisabling] = useState<UserSummary | null>(null);
  const [resetting, setResetting] = useState<UserSummary | null>(null);
  const [lifting, setLifting] = useState<UserSummary | null>(null);
  const [link, setLink] = useState<{ user: UserSummary; link: OneTimeLoginLink } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersQuery().queryKey.slice(0, 1) });
  const noticeRef = useRef<HTMLDivElement>(null);
  /**
   * Says what was done and reloads the list. A change that takes away the button it was started from (approve,
   * enable, disable, two-factor reset) leaves focus nowhere once the row is read again: focus goes to the message.
   */
  const done = (text: string, openerGoes: boolean) => {
    setNotice({ tone: 'success', text });
    void refresh().then(() => {
      if (openerGoes) noticeRef.current?.focus();
    });
  };

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

  const isSelf = (user: UserSummary) => String(user.id) === String(session.userId);

  // A user's cells, the same in the table and in the cards.
  const who = (user: UserSummary) => (
    <div>
      <div className="font-medium">
        {user.name}
        {isSelf(user) && <span className="ml-2 text-xs font-normal text-fg-muted">({t('you')})</span>}
      </div>
      <div className="text-fg-muted break-all">{user.username}</div>
      {user.email && user.email !== user.username && <div className="text-fg-muted break-all">{user.email}</div>}
    </div>
  );
  const access = (user: UserSummary) => (
    <div>
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={STATUS_TONE[user.status]}>{t(`status_${user.status}`)}</Badge>
        {user.twoFactorEnabled && <Badge tone="info">{t('twoFactorOn')}</Badge>}
        {user.lockedOutUntil && <Badge tone="warning" wrap>{t('lockedOut', { time: f.dateTime(user.lockedOutUntil) })}</Badge>}
      </div>
      <div className="mt-1">{user.roles.length > 0 ? user.roles.join(', ') : t('roleCustomer')}</div>
      <div className="text-fg-muted">
        {user.accounts.length > 0
          ? user.accounts.map((a) => a.listName).join(', ')
          : user.roles.length > 0
            ? t('everyAccount')
            : t('noAccounts')}
      </div>
    </div>
  );
  const actions = (user: UserSummary, inTable: boolean) => (
    <div
      className={cn('flex flex-wrap gap-2', inTable && 'justify-end')}
      onPointerEnter={() => void loadDialogs()}
      onFocus={() => void loadDialogs()}
    >
      {user.status === 'pending' && (
        <Button size="sm" onClick={() => setEditing({ user, mode: 'approve' })} aria-label={tc('labelled', { label: t('approve'), value: user.name })}>
          <UserCheck className="size-4" aria-hidden="true" />
          {t('approve')}
        </Button>
      )}
      {user.status === 'active' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setEditing({ user, mode: 'edit' })}
          aria-label={tc('labelled', { label: t('editAccess'), value: user.name })}
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('editAccess')}
        </Button>
      )}
      {user.status === 'disabled' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setEditing({ user, mode: 'enable' })}
          aria-label={tc('labelled', { label: t('enable'), value: user.name })}
        >
          <UserCheck className="size-4" aria-hidden="true" />
          {t('enable')}
        </Button>
      )}
      {/* A one-time sign-in only works for an active user (the server answers 409 otherwise). */}
      {user.status === 'active' && !isSelf(user) && (
        <Button
          size="sm"
          variant="secondary"
          loading={oneTime.isPending && oneTime.variables?.id === user.id}
          onClick={() => oneTime.mutate(user)}
          aria-label={tc('labelled', { label: t('oneTimeLink'), value: user.name })}
        >
          <Link2 className="size-4" aria-hidden="true" />
          {t('oneTimeLink')}
        </Button>
      )}
      {user.lockedOutUntil && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setLifting(user)}
          aria-label={tc('labelled', { label: t('liftLockout'), value: user.name })}
        >
          <LockOpen className="size-4" aria-hidden="true" />
          {t('liftLockout')}
        </Button>
      )}
      {user.twoFactorEnabled && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setResetting(user)}
          aria-label={tc('labelled', { label: t('resetTwoFactor'), value: user.name })}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {t('resetTwoFactor')}
        </Button>
      )}
      {user.status !== 'disabled' && !isSelf(user) && (
        <Button size="sm" variant="ghost" onClick={() => setDisabling(user)} aria-label={tc('labelled', { label: t('disable'), value: user.name })}>
          <UserX className="size-4" aria-hidden="true" />
          {t('disable')}
        </Button>
      )}
    </div>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('intro')} back={back} />
      <NoticeBanner ref={noticeRef} notice={notice} onDismiss={() => setNotice(null)} />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Field label={t('search')} hint={t('searchHint')}>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
        </Field>
        <Field label={t('statusFilter')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value as UserStatus | '')}>
            <option value="">{t('statusAll')}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status_${s}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <AdminList
        query={users}
        loadError={t('loadError')}
        empty={{ icon: <Users />, title: t('empty'), text: t('emptyText') }}
        caption={t('table')}
        rowKey={(user) => String(user.id)}
        loadingRows={3}
        summary={(rows) => (
          <p role="status" className="mb-2 text-sm text-fg-muted">
            {rows.length >= USER_LIST_LIMIT ? t('limited', { count: USER_LIST_LIMIT }) : t('count', { count: rows.length })}
          </p>
        )}
        columns={[
          { header: t('name'), cell: who },
          { header: t('access'), cell: access },
          { header: t('actions'), align: 'right', cell: (user, layout) => actions(user, layout === 'table') },
        ]}
      />

      {editing && (
        <Suspense fallback={null}>
          <AccessDialog
            user={editing.user}
            mode={editing.mode}
            onClose={() => setEditing(null)}
            onSaved={() => {
              const message = { approve: 'approved', edit: 'saved', enable: 'enabled' } as const;
              done(t(message[editing.mode], { name: editing.user.name }), editing.mode !== 'edit');
              setEditing(null);
            }}
          />
        </Suspense>
      )}

      <Suspense fallback={null}>
        {disabling && <DisableDialog user={disabling} onClose={() => setDisabling(null)} onDone={(text) => done(text, true)} />}
        {resetting && <ResetTwoFactorDialog user={resetting} onClose={() => setResetting(null)} onDone={(text) => done(text, true)} />}
        {lifting && <LiftLockoutDialog user={lifting} onClose={() => setLifting(null)} onDone={(text) => done(text, true)} />}
        {link && <OneTimeLinkDialog value={link} onClose={() => setLink(null)} />}
      </Suspense>
    </>
  );
}

export { UsersPage as Component };
