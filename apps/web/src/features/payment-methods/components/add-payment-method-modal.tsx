import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n/i18n';
import { richText } from '@/lib/i18n/rich-text';
import { redirectTo } from '@/lib/redirect';
import { getTheme } from '@/lib/theme/theme';
import { accountDetailsQuery } from '@/features/account';
import { BANK_DEBIT_AGREEMENTS, bankDebitSchemeFor, type PaymentMethodType } from '@portal/contract/bank-debit';
import { RadioGroup } from '@/components/ui/radio-option';
import { CardSetupError, startCardSetup } from '../api/start-card-setup';
import { providerDisplayName } from '../checkout-rules';
import { BankAgreement } from './bank-agreement';

export interface AddPaymentMethodModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  /** Set when adding starts from an invoice's pay modal: that modal reopens when the customer comes back. */
  fromInvoiceId?: bigint | null;
}

/**
 * Add Payment Method: "Continue" checks the billing address, asks the service for the card provider
 * and a setup session, and sends the browser to the provider's secure page (the sandbox's own page by
 * default, Stripe's in production). Card numbers never touch the portal.
 */
export function AddPaymentMethodModal({ open, onOpenChange, accountId, fromInvoiceId = null }: AddPaymentMethodModalProps) {
  const { t } = useTranslation('payment-method-dialogs');
  const [redirecting, setRedirecting] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRedirecting(false);
        onOpenChange(next);
      }}
      title={t('addCard.title')}
      busy={redirecting}
    >
      {/* Remounted on every opening (the dialog's content unmounts when closed): no stale error. */}
      <AddCardBody accountId={accountId} fromInvoiceId={fromInvoiceId} onRedirecting={setRedirecting} />
    </Dialog>
  );
}

function AddCardBody({
  accountId,
  fromInvoiceId,
  onRedirecting,
}: {
  accountId: bigint;
  fromInvoiceId: bigint | null;
  onRedirecting: (busy: boolean) => void;
}) {
  const { t } = useTranslation('payment-method-dialogs');
  const details = useQuery(accountDetailsQuery(accountId));
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const [kind, setKind] = useState<PaymentMethodType>('card');
  const [accepted, setAccepted] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  // Bank debit where the account's currency has it (docs/decisions/0035-bank-debit.md); the agreement in the account's language.
  const scheme = details.data ? bankDebitSchemeFor(details.data.account.currency) : null;
  const agreementLanguage = details.data?.account.language === 'French' ? 'fr' : 'en';
  const agreement = scheme ? BANK_DEBIT_AGREEMENTS[scheme][agreementLanguage] : null;
  const bank = kind === 'bank_account' && agreement !== null;

  const failureText = (failure: unknown): ReactNode => {
    if (!(failure instanceof CardSetupError)) return t('addCard.setupFailed');
    const provider = providerDisplayName(failure.provider);
    switch (failure.reason) {
      case 'noAddress':
        return (
          <>
            <span>{t('addCard.noAddress')}</span>
            <span className="mt-1 block">
              {richText(t('addCard.noAddressHelp'), {
                link: <Link to={paths.profile} className="font-medium underline underline-offset-2" />,
              })}
            </span>
          </>
        );
      case 'publicKey':
        return t('addCard.publicKey', { provider: provider ?? t('addCard.cardProvider') });
      case 'notLoaded':
        return t('addCard.notLoaded', { provider: provider ?? t('addCard.cardProvider') });
      case 'session':
        return failure.serverMessage ?? t('addCard.sessionFailed');
      case 'setup':
        return t('addCard.setupFailed');
    }
  };

  const start = async () => {
    setError(null);
    if (!details.data) {
      setError(t('addCard.unavailable'));
      return;
    }
    if (bank && !accepted) {
      setAgreementError(t('addCard.acceptAgreement'));
      return;
    }
    setWorking(true);
    onRedirecting(true);
    try {
      const url = await startCardSetup({
        details: details.data,
        location: window.location,
        fromInvoiceId,
        now: new Date(),
        appearance: { theme: getTheme(), language: currentLanguage() },
        bankAccount: bank ? { agreement: { version: agreement.version, language: agreementLanguage, accepted: true } } : undefined,
      });
      // The page is being left: stay busy so nothing else can be clicked meanwhile.
      redirectTo(url);
    } catch (failure) {
      console.error('Adding a payment method failed', failure);
      setWorking(false);
      onRedirecting(false);
      setError(failureText(failure));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {error && <Banner tone="error">{error}</Banner>}
      {details.isError && !error && <Banner tone="error">{t('addCard.unavailable')}</Banner>}
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-subtle text-brand-text"
        >
          <ShieldCheck className="size-5" />
        </span>
        <p className="text-sm text-fg">{t(bank ? 'addCard.bankText' : 'addCard.text')}</p>
      </div>
      {scheme && (
        <RadioGroup
          name="payment-method-kind"
          legend={t('addCard.kind')}
          value={kind}
          onChange={setKind}
          disabled={working}
          choices={[
            { value: 'card', label: t('addCard.kindCard') },
            { value: 'bank_account', label: t(scheme === 'acss_debit' ? 'addCard.kindBank' : 'addCard.kindBankUs') },
          ]}
        />
      )}
      {bank && (
        <>
          <p className="text-sm text-fg-muted">{t('addCard.agreementIntro')}</p>
          <BankAgreement
            agreement={agreement}
            lang={agreementLanguage}
            accepted={accepted}
            disabled={working}
            error={agreementError}
            onAcceptedChange={(next) => {
              setAccepted(next);
              if (next) setAgreementError(null);
            }}
          />
        </>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={working}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
        <Button
          onClick={() => void start()}
          loading={working || details.isPending}
          loadingText={working ? t('addCard.redirecting') : undefined}
        >
          {t('addCard.continue')}
        </Button>
      </DialogFooter>
    </div>
  );
}
