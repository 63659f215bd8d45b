import { PASSWORD_MIN } from '@portal/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/translate';
import { Link, useLocation } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/client';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { checkResetToken, setPasswordFromResetToken } from '../api/passwords';
import { AuthHeading } from '../components/auth-heading';
import { PasswordInput } from '../components/password-input';
import { RecentPasskeysChoice, type RecentPasskey } from '../components/recent-passkeys-choice';
import { passwordLocales } from '../password-locales';
import { hashParam } from '../rules';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../schemas';

await registerLocales('password', passwordLocales);

/**
 * /reset-password#reset=<token>: New Password + Confirm New Password → Reset Password. An invitation's link,
 * #invite=<token>, opens the same form to set a first password, with its own title and texts.
 * The token stays in the hash: browsers never send it to a server or in a Referer header.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('password');
  const { hash } = useLocation();
  const invitation = hashParam(hash, 'invite');
  const resetToken = hashParam(hash, 'reset') ?? invitation;
  // The texts that differ for an invitation; the form's others are the reset's.
  const own = (key: 'title' | 'intro' | 'submit' | 'submitting' | 'success' | 'missingToken' | 'linkUsed') =>
    t(invitation ? `invite.${key}` : `reset.${key}`);
  usePageTitle(own('title'));
  const [done, setDone] = useState<{ removedPasskeys: boolean } | null>(null);
  const [recentPasskeys, setRecentPasskeys] = useState<RecentPasskey[]>([]);
  const [removeRecent, setRemoveRecent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A used or expired link is said at once, not after the new password is typed twice.
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!resetToken) return;
    let current = true;
    checkResetToken(resetToken).then(
      (result) => {
        // Said in the page's language (the service's own text is English).
        if (!current) return;
        if (!result.successful) setLinkProblem(t(invitation ? 'invite.linkUsed' : 'reset.linkUsed'));
        else setRecentPasskeys(result.recentPasskeys);
      },
      // Unreachable service: the form stays, and submitting says what went wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [resetToken, invitation, t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (form: ResetPasswordForm) => {
    if (!resetToken) return;
    setFailure(null);
    try {
      const removeRecentPasskeys = removeRecent && recentPasskeys.length > 0;
      const result = await setPasswordFromResetToken({
        newPassword: form.newPassword,
        resetToken,
        ...(removeRecentPasskeys ? { removeRecentPasskeys } : {}),
      });
      if (result.successful) setDone({ removedPasskeys: removeRecentPasskeys });
      else setFailure(result.error?.trim() || t('reset.failed'));
    } catch (error) {
      setFailure(errorMessage(error, t('reset.failedRetry')));
    }
  };

  const returnToLogin = (
    <Link
      to={paths.login}
      className={buttonClasses({ variant: done ? 'primary' : 'secondary', size: 'lg', className: 'w-full' })}
    >
      {t('reset.returnToLogin')}
    </Link>
  );
  const fieldError = (message: string | undefined) => message && t(message, { min: PASSWORD_MIN });

  if (done) {
    return (
      <>
        <AuthHeading title={own('title')} />
        <Banner tone="success" className="mb-5">
          {own('success')}
          {done.removedPasskeys && ` ${t('reset.passkeysRemoved')}`}
        </Banner>
        {returnToLogin}
      </>
    );
  }

  if (!resetToken || linkProblem) {
    return (
      <>
        <AuthHeading title={own('title')} />
        <Banner tone="error" className="mb-5">
          {linkProblem ?? own('missingToken')}{' '}
          <Link to={paths.forgotPassword} className="font-medium underline">
            {t('reset.requestNew')}
          </Link>
        </Banner>
        {returnToLogin}
      </>
    );
  }

  return (
    <>
      <AuthHeading title={own('title')}>{own('intro')}</AuthHeading>
      {failure && (
        <Banner tone="error" className="mb-5">
          {failure}
        </Banner>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <Field
          label={t('reset.newPassword')}
          hint={t('reset.rule', { min: PASSWORD_MIN })}
          error={fieldError(errors.newPassword?.message)}
        >
          <PasswordInput {...register('newPassword')} autoComplete="new-password" aria-required="true" />
        </Field>
        <Field label={t('reset.confirmPassword')} error={fieldError(errors.confirmPassword?.message)}>
          <PasswordInput {...register('confirmPassword')} autoComplete="new-password" aria-required="true" />
        </Field>
        <RecentPasskeysChoice passkeys={recentPasskeys} checked={removeRecent} onChange={setRemoveRecent} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText={own('submitting')}>
          {own('submit')}
        </Button>
        {returnToLogin}
      </form>
    </>
  );
}

export { ResetPasswordPage as Component };
