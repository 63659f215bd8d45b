import { PASSWORD_MIN } from '@portal/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/client';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { changePassword, recentPasskeysQuery } from '../api/passwords';
import { PasswordInput } from '../components/password-input';
import { RecentPasskeysChoice } from '../components/recent-passkeys-choice';
import { passwordLocales } from '../password-locales';
import { changePasswordFormSchema, type ChangePasswordForm } from '../schemas';

await registerLocales('password', passwordLocales);

/**
 * /password (docs/decisions/0006-where-the-spec-is-wrong.md): Password/Change {currentPassword, newPassword}; with passkeys added in the last 24
 * hours, it offers to remove them with the change.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('password');
  const { t: tc } = useTranslation();
  usePageTitle(t('change.title'));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const queryClient = useQueryClient();
  // Without the list (it failed to load) the change still works; it just offers nothing to remove.
  const recentPasskeys = useQuery(recentPasskeysQuery()).data ?? [];
  const [removeRecent, setRemoveRecent] = useState(false);
  const mutation = useMutation({
    mutationFn: async (form: ChangePasswordForm) => {
      const removeRecentPasskeys = removeRecent && recentPasskeys.length > 0;
      const result = await changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
        ...(removeRecentPasskeys ? { removeRecentPasskeys } : {}),
      });
      return { ...result, removedPasskeys: result.successful && removeRecentPasskeys };
    },
    onSuccess: (result) => {
      if (!result.successful) return;
      reset();
      setRemoveRecent(false);
      void queryClient.invalidateQueries({ queryKey: recentPasskeysQuery().queryKey });
    },
  });

  const result = mutation.data;
  const failure = mutation.isError
    ? errorMessage(mutation.error, t('change.failedRetry'))
    : result && !result.successful
      ? result.error?.trim() || t('change.failed')
      : null;
  const fieldError = (message: string | undefined) => message && t(message, { min: PASSWORD_MIN });

  return (
    <>
      <PageHeader
        title={t('change.title')}
        description={t('change.intro')}
        back={<BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>}
      />
      <Card className="max-w-xl">
        <CardBody>
          {failure && (
            <Banner tone="error" className="mb-5">
              {failure}
            </Banner>
          )}
          {result?.successful && (
            <Banner tone="success" className="mb-5" onDismiss={() => mutation.reset()}>
              {t('change.success')}
              {result.removedPasskeys && ` ${t('change.passkeysRemoved')}`}
            </Banner>
          )}
          <form onSubmit={handleSubmit((form) => mutation.mutate(form))} noValidate className="flex flex-col gap-4">
            <Field label={t('change.currentPassword')} error={fieldError(errors.currentPassword?.message)}>
              <PasswordInput {...register('currentPassword')} autoComplete="current-password" aria-required="true" />
            </Field>
            <Field
              label={t('change.newPassword')}
              hint={t('change.rule', { min: PASSWORD_MIN })}
              error={fieldError(errors.newPassword?.message)}
            >
              <PasswordInput {...register('newPassword')} autoComplete="new-password" aria-required="true" />
            </Field>
            <Field label={t('change.confirmPassword')} error={fieldError(errors.confirmPassword?.message)}>
              <PasswordInput {...register('confirmPassword')} autoComplete="new-password" aria-required="true" />
            </Field>
            <RecentPasskeysChoice passkeys={recentPasskeys} checked={removeRecent} onChange={setRemoveRecent} />
            <div>
              <Button type="submit" loading={mutation.isPending} loadingText={t('change.submitting')}>
                {t('change.submit')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </>
  );
}

export { ChangePasswordPage as Component };
