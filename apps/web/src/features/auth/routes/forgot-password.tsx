import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { sendResetEmail } from '../api/passwords';
import { AuthHeading } from '../components/auth-heading';
import { passwordLocales } from '../password-locales';
import { resetEmailOutcome, type ResetEmailOutcome } from '../rules';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '../schemas';

await registerLocales('password', passwordLocales);

/** /forgot-password: "Username or Email Address" → "Send Reset Code"; the form hides on success. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('password');
  usePageTitle(t('forgot.title'));
  const [outcome, setOutcome] = useState<ResetEmailOutcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { username: '' } });

  const onSubmit = async ({ username }: ForgotPasswordForm) => {
    setOutcome(null);
    try {
      setOutcome(resetEmailOutcome(username, { sent: Boolean(await sendResetEmail(username)) }));
    } catch (error) {
      setOutcome(resetEmailOutcome(username, { error }));
    }
  };

  const returnToLogin = (
    <Link to={paths.login} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
      {t('forgot.returnToLogin')}
    </Link>
  );

  if (outcome?.kind === 'success') {
    return (
      <>
        <AuthHeading title={t('forgot.title')} />
        <Banner tone="success" className="mb-5">
          {t('forgot.success')}
        </Banner>
        {returnToLogin}
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('forgot.title')}>{t('forgot.intro')}</AuthHeading>
      {outcome?.kind === 'error' && (
        <Banner tone="error" className="mb-5">
          {'key' in outcome ? t(outcome.key) : outcome.text}
        </Banner>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <Field label={t('forgot.username')} error={errors.username?.message && t(errors.username.message)}>
          <Input
            {...register('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText={t('forgot.submitting')}>
          {t('forgot.submit')}
        </Button>
        {returnToLogin}
      </form>
    </>
  );
}

export { ForgotPasswordPage as Component };
