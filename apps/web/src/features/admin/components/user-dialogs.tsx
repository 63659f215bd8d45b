import type { AccountListName, OneTimeLoginLink, Role, UserSummary } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { SecretOnceDialog } from '@/components/secret-once-dialog';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Checkbox, Field, Input } from '@/components/ui/field';
import { oneTimeLoginUrl } from '@/config/paths';
import { errorMessage } from '@/lib/api/client';
import { accountSearchQuery } from '@/lib/current-account/api';
import { useFormat } from '@/lib/i18n/use-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { approveUser, disableUser, liftLockout, resetTwoFactor } from '../api/users';

/** Dialogs of the users screen, loaded on demand by routes/users.tsx. */

/** Approve a pending user, edit an active one's access, or enable a disabled one: the same choice of access. */
export type AccessMode = 'approve' | 'edit' | 'enable';

const ACCESS_TEXTS = {
  approve: { title: 'approveTitle', action: 'approve', working: 'approving' },
  edit: { title: 'editTitle', action: 'save', working: 'saving' },
  enable: { title: 'enableTitle', action: 'enable', working: 'saving' },
} as const;

export function AccessDialog({
  user,
  mode,
  onClose,
  onSaved,
}: {
  user: UserSummary;
  mode: AccessMode;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const texts = ACCESS_TEXTS[mode];
  const [chosen, setChosen] = useState<Pick<AccountListName, 'accountId' | 'listName'>[]>(user.accounts);
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [search, setSearch] = useState('');
  const [invalid, setInvalid] = useState(false);
  const debounced = useDebouncedValue(search, 300);
  const matches = useQuery({ ...accountSearchQuery(debounced), enabled: debounced.trim().length > 0 });
  const listId = useId();
  const approve = useMutation({
    mutationFn: () => approveUser(user.id, { accountIds: chosen.map((a) => a.accountId), roles }),
    onSuccess: onSaved,
  });

  const toggleRole = (role: Role, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((r) => r !== role)));
  const submit = () => {
    // A customer needs at least one account; Staff and Admin reach every account anyway.
    if (chosen.length === 0 && roles.length === 0) {
      setInvalid(true);
      return;
    }
    approve.mutate();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(texts.title, { name: user.name })}
      description={t('approveText')}
      busy={approve.isPending}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{tc('cancel')}</Button>
          </DialogClose>
          <Button loading={approve.isPending} loadingText={t(texts.working)} onClick={submit}>
            {t(texts.action)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {approve.isError && <Banner tone="error">{errorMessage(approve.error, t('actionFailed'))}</Banner>}
        {invalid && chosen.length === 0 && roles.length === 0 && <Banner tone="error">{t('needAccounts')}</Banner>}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('accounts')}</legend>
          {chosen.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('noAccountsChosen')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {chosen.map((account) => (
                <li
                  key={String(account.accountId)}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-0.5 pr-0.5 pl-3 text-sm"
                >
                  {account.listName}
                  <button
                    type="button"
                    onClick={() => setChosen((current) => current.filter((a) => a.accountId !== account.accountId))}
                    className="inline-flex size-8 items-center justify-center rounded-full hover:bg-border"
                  >
                    <X className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">{t('remove', { name: account.listName })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Field label={t('accountSearch')} hint={t('accountSearchHint')}>
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              aria-controls={listId}
            />
          </Field>
          <div id={listId} aria-live="polite">
            {debounced.trim() && matches.isFetching && <p className="text-sm text-fg-muted">{t('searching')}</p>}
            {debounced.trim() && matches.data?.value.length === 0 && <p className="text-sm text-fg-muted">{t('noMatches')}</p>}
            {matches.data && matches.data.value.length > 0 && (
              <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
                {matches.data.value
                  .filter((a) => !chosen.some((c) => c.accountId === a.accountId))
                  .map((account) => (
                    <li
                      key={String(account.accountId)}
                      className="flex items-center justify-between gap-2 rounded-lg px-2 py-1 hover:bg-surface-2"
                    >
                      <span className="min-w-0 truncate text-sm">{account.listName}</span>
                      <Button size="sm" variant="secondary" onClick={() => setChosen((current) => [...current, account])}>
                        <span aria-hidden="true">{t('addShort')}</span>
                        <span className="sr-only">{t('add', { name: account.listName })}</span>
                      </Button>
                    </li>
                  ))}
              </ul>
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{t('roles')}</legend>
          <Checkbox
            label={t('roleStaff')}
            checked={roles.includes('Staff')}
            onChange={(e) => toggleRole('Staff', e.target.checked)}
          />
          <Checkbox
            label={t('roleAdmin')}
            checked={roles.includes('Admin')}
            onChange={(e) => toggleRole('Admin', e.target.checked)}
          />
        </fieldset>
      </div>
    </Dialog>
  );
}

interface UserActionProps {
  user: UserSummary;
  onClose: () => void;
  /** Done: what to tell the page, which says it and re-reads the list. */
  onDone: (text: string) => void;
}

export function DisableDialog({ user, onClose, onDone }: UserActionProps) {
  const { t } = useTranslation('admin');
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={t('disableTitle', { name: user.name })}
      confirmLabel={t('disable')}
      workingLabel={t('disabling')}
      action={() => disableUser(user.id)}
      onDone={() => onDone(t('disabled', { name: user.name }))}
      failedText={t('actionFailed')}
    >
      {t('disableText')}
    </ConfirmActionDialog>
  );
}

export function ResetTwoFactorDialog({ user, onClose, onDone }: UserActionProps) {
  const { t } = useTranslation('admin');
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={t('resetTitle', { name: user.name })}
      confirmLabel={t('resetTwoFactor')}
      workingLabel={t('resetting')}
      action={() => resetTwoFactor(user.id)}
      onDone={() => onDone(t('reset', { name: user.name }))}
      failedText={t('actionFailed')}
    >
      {t('resetText')}
    </ConfirmActionDialog>
  );
}

/** Lifts a sign-in lockout, offering to email a reset link (ticked: a locked-out person has usually forgotten it). */
export function LiftLockoutDialog({ user, onClose, onDone }: UserActionProps) {
  const { t } = useTranslation('admin');
  const [sendResetLink, setSendResetLink] = useState(Boolean(user.email));
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={t('liftTitle', { name: user.name })}
      confirmLabel={t('liftLockout')}
      workingLabel={t('lifting')}
      tone="primary"
      action={() => liftLockout(user.id, sendResetLink)}
      onDone={() => onDone(t(sendResetLink ? 'liftedAndSent' : 'lifted', { name: user.name }))}
      failedText={t('actionFailed')}
      body={
        <div className="flex flex-col gap-3">
          <Checkbox
            label={t('sendResetLink')}
            checked={sendResetLink}
            disabled={!user.email}
            onChange={(event) => setSendResetLink(event.target.checked)}
          />
          {!user.email && <p className="text-sm text-fg-muted">{t('noEmailForReset')}</p>}
        </div>
      }
    >
      {t('liftText')}
    </ConfirmActionDialog>
  );
}

export function OneTimeLinkDialog({
  value,
  onClose,
}: {
  value: { user: UserSummary; link: OneTimeLoginLink };
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const url = oneTimeLoginUrl(value.link.token);
  const expires = new Date(value.link.expiresAt);
  const time = `${f.date(expires, 'detail')} ${expires.toLocaleTimeString(f.language === 'fr' ? 'fr-CA' : 'en-US', { hour: 'numeric', minute: '2-digit' })}`;
  return (
    <SecretOnceDialog
      title={t('linkTitle', { name: value.user.name })}
      description={t('linkText', { time })}
      fields={[{ label: t('link'), value: url, copyLabel: t('copy'), copiedLabel: t('copied'), singleLine: true }]}
      doneLabel={tc('close')}
      doneVariant="secondary"
      onClose={onClose}
    />
  );
}
