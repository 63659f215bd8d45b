import { absMoney, type CurrencyCode, type Money, type PaymentMethodEntry, type RecentPayment } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { RadioGroup } from '@/components/ui/radio-option';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api/client';
import { serverTextOr } from '@/lib/api/server-text';
import { cardLabel, isCardExpired, methodOf, preferredCard, usableCards } from '@/lib/cards';
import { useFormat } from '@/lib/i18n/use-format';
import { SETTLING_POLL_MS } from '@/lib/payment-status';
import { refreshAccount } from '@/lib/refresh-account';
import { Spinner } from '@/components/ui/spinner';
import { homeModelQuery } from '@/lib/home-model';
import { AddPaymentMethodModal, paymentMethodsQuery, preloadPaymentMethodDialogs } from '@/features/payment-methods';
import { createCustomerPayment } from '../api/create-customer-payment';
import { failureReasonText, paymentOutcome, type PaymentOutcome } from '../payment-outcome';
import {
  buildPaymentToCreate,
  isPayDisabled,
  nextPaymentAttempt,
  payAmount,
  paymentFingerprint,
  payValidationError,
  showCustomAmountError,
  type AmountChoice,
  type PayTarget,
  type PaymentAttempt,
} from '../pay-rules';

export interface PayModalInvoice {
  id: bigint;
  invoiceNumber: string;
  /** The invoice's receivable: the payment is assigned to it. */
  arId: bigint;
}

export interface PaidOutcome {
  amount: Money;
  currency: CurrencyCode;
  payment: RecentPayment | null;
}

export interface PayModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  /** Total Balance: the invoice's owing, or the account balance (shown and paid as an absolute amount). */
  target: PayTarget;
  /** Paying an invoice ("Pay Invoice"); without it, a one-time payment ("Make a One-time Payment"). */
  invoice?: PayModalInvoice | null;
  /** The invoice detail page shows CAD amounts with the en-US locale. */
  invoiceDetail?: boolean;
  /**
   * Called when the modal closes on a payment: paid, or still processing when the customer closed it. A declined
   * payment never comes here: the modal says so and offers another card.
   */
  onPaid: (outcome: PaidOutcome) => void;
  /** Told of every payment the modal submits and the card it is on, declined ones included (the opener can follow it). */
  onSubmitted?: (payment: RecentPayment, paymentMethodId: bigint) => void;
  /** A card not to preselect (the one that just failed). */
  avoidCardId?: bigint | null;
}

/**
 * The pay modal, shared by the invoice detail page and the payments page.
 * Each opening starts afresh: Total Balance chosen, the default card preselected, and a new idempotency key.
 * With no usable card it offers "Add Card", which continues in the Add Payment Method modal (and, for an
 * invoice, comes back to this modal after the provider's checkout).
 */
export function PayModal({
  open,
  onOpenChange,
  accountId,
  target,
  invoice = null,
  invoiceDetail = false,
  onPaid,
  onSubmitted,
  avoidCardId = null,
}: PayModalProps) {
  const { t } = useTranslation('payment-dialogs');
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  // "Add Card" continues in Add Payment Method: have its code ready by the time the customer asks for it.
  useEffect(preloadPaymentMethodDialogs, []);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setBusy(false);
          onOpenChange(next);
        }}
        title={invoice ? t('pay.titleInvoice') : t('pay.titleOneTime')}
        description={invoice ? t('pay.forInvoice', { number: invoice.invoiceNumber }) : undefined}
        busy={busy}
      >
        {/* Dialog content unmounts when closed, so each opening gets a fresh form and idempotency key. */}
        <PayForm
          accountId={accountId}
          target={target}
          invoice={invoice}
          invoiceDetail={invoiceDetail}
          avoidCardId={avoidCardId}
          onSubmitted={onSubmitted}
          onBusyChange={setBusy}
          onPaid={(outcome) => {
            setBusy(false);
            onOpenChange(false);
            onPaid(outcome);
          }}
          onAddCard={() => {
            onOpenChange(false);
            setAdding(true);
          }}
        />
      </Dialog>
      <AddPaymentMethodModal open={adding} onOpenChange={setAdding} accountId={accountId} fromInvoiceId={invoice?.id ?? null} />
    </>
  );
}

interface PayFormProps {
  accountId: bigint;
  target: PayTarget;
  invoice: PayModalInvoice | null;
  invoiceDetail: boolean;
  avoidCardId: bigint | null;
  onSubmitted: ((payment: RecentPayment, paymentMethodId: bigint) => void) | undefined;
  onBusyChange: (busy: boolean) => void;
  onPaid: (outcome: PaidOutcome) => void;
  onAddCard: () => void;
}

/** A payment that did not go through, and the card it was on (not offered first for the next try). */
type Failure = Extract<PaymentOutcome, { reason: unknown }> & { paymentMethodId: bigint };

function PayForm({ accountId, target, invoice, invoiceDetail, avoidCardId, onSubmitted, onBusyChange, onPaid, onAddCard }: PayFormProps) {
  const { t } = useTranslation('payment-dialogs');
  const f = useFormat();
  const queryClient = useQueryClient();
  const ids = useId();
  const today = new Date();
  // The modal refreshes the card list each time it opens (a card may just have been added).
  const methods = useQuery({ ...paymentMethodsQuery(accountId), refetchOnMount: 'always' });
  const [choice, setChoice] = useState<AmountChoice>('total');
  const [customText, setCustomText] = useState('');
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The submitted payment, followed until it settles: the modal says in place how it ended.
  const [following, setFollowing] = useState<{ payment: RecentPayment; amount: Money } | null>(null);
  const attempt = useRef<PaymentAttempt | null>(null);
  const home = useQuery({ ...homeModelQuery(accountId), enabled: following !== null, refetchInterval: following ? SETTLING_POLL_MS : false });
  const followed = following ? (home.data?.recentPayments.find((p) => p.id === following.payment.id) ?? following.payment) : null;
  const followedOutcome = followed ? paymentOutcome(followed) : null;

  const cards = methods.data ?? [];
  const usable = usableCards(cards, today);
  const avoid = failure?.paymentMethodId ?? avoidCardId;
  const selected =
    usable.find((c) => String(c.paymentMethod.id) === chosenCard) ??
    usable.find((c) => c.paymentMethod.id !== avoid && c.paymentMethod.default) ??
    usable.find((c) => c.paymentMethod.id !== avoid) ??
    preferredCard(cards, today);

  const settled = (payment: RecentPayment, paid: Money) => {
    const outcome = paymentOutcome(payment);
    if (outcome.state === 'processing') return;
    setFollowing(null);
    if (selected) onSubmitted?.(payment, selected.paymentMethod.id);
    void refreshAccount(queryClient, accountId);
    if (outcome.state === 'succeeded') {
      onPaid({ amount: paid, currency: target.currency, payment });
      return;
    }
    setFailure({ ...outcome, paymentMethodId: selected?.paymentMethod.id ?? 0n });
    // The next try starts on another card when there is one: the customer changes it only if they want the same.
    setChosenCard(null);
  };
  useEffect(() => {
    if (following && followed && followedOutcome?.state !== 'processing') settled(followed, following.amount);
    // Only a change of the followed payment's state matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followed?.status]);
  const form = { choice, customText, paymentMethodId: selected?.paymentMethod.id ?? null };

  const mutation = useMutation({
    mutationFn: ({ key, amount, card }: { key: string; amount: Money; card: PaymentMethodEntry }) =>
      createCustomerPayment(
        buildPaymentToCreate({
          accountId,
          amount,
          currency: target.currency,
          paymentMethodId: card.paymentMethod.id,
          cardId: methodOf(card).id,
          invoice: invoice ? { invoiceNumber: invoice.invoiceNumber, arId: invoice.arId } : null,
        }),
        key,
      ),
  });
  const processing = mutation.isPending;
  const amount = payAmount(form, target.total);
  const money = (value: Money) => f.currency(value, target.currency, { invoiceDetail });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const invalid = payValidationError(form, target.total);
    if (invalid || amount === null || !selected) {
      setMessage(invalid === 'methodAndAmount' || !selected ? t('pay.invalidMethod') : (customErrorText ?? t('pay.invalidAmount')));
      return;
    }
    setMessage(null);
    setFailure(null);
    const current = nextPaymentAttempt(attempt.current, paymentFingerprint(amount, selected.paymentMethod.id), () =>
      crypto.randomUUID(),
    );
    attempt.current = current;
    onBusyChange(true);
    mutation.mutate(
      { key: current.key, amount, card: selected },
      {
        onSuccess: (result) => {
          attempt.current = { ...current, answered: true };
          onBusyChange(false);
          // A declined payment is recorded too (as Error): the lists show it either way.
          void refreshAccount(queryClient, accountId);
          if (!result.payment) {
            setMessage(result.error ?? t('pay.failed'));
            return;
          }
          onSubmitted?.(result.payment, selected.paymentMethod.id);
          if (paymentOutcome(result.payment).state === 'processing') setFollowing({ payment: result.payment, amount });
          else settled(result.payment, amount);
        },
        onError: (error) => {
          // A refusal (4xx) is an answer: the next try needs a new key. A lost answer (network, 5xx) is retried
          // with the same key, so the service recognises it and never charges twice.
          if (error instanceof ApiError && error.status < 500) attempt.current = { ...current, answered: true };
          onBusyChange(false);
          console.error('Payment failed', error);
          setMessage(serverTextOr(error, t('pay.failed')));
        },
      },
    );
  };

  const customError = showCustomAmountError(form, target.total);
  const customErrorText =
    customError === 'decimals'
      ? t('pay.tooManyDecimals')
      : customError === 'aboveOwing'
        ? t('pay.aboveOwing', { amount: money(absMoney(target.total)) })
        : customError
          ? t('pay.inlineAmount')
          : undefined;
  const disabled = isPayDisabled(form, target.total, false);
  const noUsableCard = methods.isSuccess && usable.length === 0;

  if (following) {
    return (
      <ProcessingPayment
        amount={money(following.amount)}
        bank={selected?.bankAccount != null}
        onClose={() => onPaid({ amount: following.amount, currency: target.currency, payment: followed })}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={processing || undefined} className="flex flex-col gap-5">
      {message && <Banner tone="error">{message}</Banner>}
      {failure && <PaymentFailedBanner failure={failure} canRetry={usable.length > 1} onAddCard={onAddCard} />}

      <RadioGroup
        name={`${ids}-amount`}
        legend={t('pay.amount')}
        value={choice}
        onChange={(next) => {
          // A new amount is a new question: the last answer's error no longer applies.
          setMessage(null);
          setChoice(next);
        }}
        disabled={processing}
        choices={[
          { value: 'total', label: t('pay.total'), aside: money(target.total) },
          { value: 'custom', label: t('pay.custom') },
        ]}
      >
        {choice === 'custom' && (
          <Field
            label={t('pay.customLabel', { currency: target.currency })}
            error={customErrorText}
            className="mt-1 sm:pl-7"
          >
            <Input
              // Mounted only when the customer picks Custom Amount: the cursor goes straight to it.
              autoFocus
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              autoComplete="off"
              value={customText}
              onChange={(e) => {
                setMessage(null);
                setCustomText(e.target.value);
              }}
            />
          </Field>
        )}
      </RadioGroup>

      <PaymentMethodField
        status={methods.status}
        cards={cards}
        selected={selected}
        today={today}
        disabled={processing}
        onSelect={setChosenCard}
        onRetry={() => void methods.refetch()}
        onAddCard={onAddCard}
        noUsableCard={noUsableCard}
      />

      <Banner tone="info" title={null}>
        {t('pay.notice')}
      </Banner>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={processing}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={disabled && !processing} loading={processing} loadingText={t('pay.processing')}>
          {amount === null ? t('pay.submitNoAmount') : t('pay.submit', { amount: money(amount) })}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** While the submitted payment settles: said as a status; closing leaves it to finish in the background. */
function ProcessingPayment({ amount, bank, onClose }: { amount: string; bank: boolean; onClose: () => void }) {
  const { t } = useTranslation('payment-dialogs');
  return (
    <div className="flex flex-col gap-5">
      <div role="status" className="flex items-start gap-3 rounded-lg border border-border px-4 py-4 text-sm text-fg">
        <Spinner label={null} size="sm" className="mt-0.5" />
        <div className="flex flex-col gap-1">
          <strong className="font-semibold">{t('outcome.processingTitle', { amount })}</strong>
          <span className="text-fg-muted">{t(bank ? 'outcome.processingBankText' : 'outcome.processingText')}</span>
        </div>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('outcome.close')}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** "Your card was declined" with the provider's reason in the customer's language, and what to do next. */
function PaymentFailedBanner({ failure, canRetry, onAddCard }: { failure: Failure; canRetry: boolean; onAddCard: () => void }) {
  const { t, i18n } = useTranslation('payment-dialogs');
  const reason = failureReasonText(failure.reason, i18n.language);
  return (
    <Banner tone="error" title={failure.state === 'declined' ? t('outcome.declinedTitle') : t('outcome.failedTitle')}>
      {/* Spaces, not only margins: the words must not run together when read out or copied. */}{' '}
      {reason && <>{reason} </>}
      {canRetry ? t('outcome.retryOther') : t('outcome.retryAdd')}{' '}
      <Button variant="link" onClick={onAddCard}>
        {t('pay.addCard')}
      </Button>
    </Banner>
  );
}

interface PaymentMethodFieldProps {
  status: 'pending' | 'error' | 'success';
  cards: PaymentMethodEntry[];
  selected: PaymentMethodEntry | null;
  today: Date;
  disabled: boolean;
  noUsableCard: boolean;
  onSelect: (id: string) => void;
  onRetry: () => void;
  onAddCard: () => void;
}

/** The saved cards as a native select (default preselected; expired cards listed but not selectable). */
function PaymentMethodField({
  status,
  cards,
  selected,
  today,
  disabled,
  noUsableCard,
  onSelect,
  onRetry,
  onAddCard,
}: PaymentMethodFieldProps) {
  const { t } = useTranslation('payment-dialogs');
  if (status === 'pending') {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="text-sm font-medium text-fg">{t('pay.method')}</span>
        <Skeleton className="h-10 w-full" />
        <span className="sr-only">{t('pay.loadingCards')}</span>
      </div>
    );
  }
  if (status === 'error' && cards.length === 0) {
    return (
      <Banner tone="error">
        {t('pay.cardsError')}{' '}
        <Button variant="link" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Banner>
    );
  }
  if (noUsableCard) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-border-strong px-4 py-4">
        <p className="text-sm text-fg">{t('pay.noCards')}</p>
        <Button variant="secondary" onClick={onAddCard}>
          {t('pay.addCard')}
        </Button>
      </div>
    );
  }
  const option = (entry: PaymentMethodEntry) => {
    const values = { card: cardLabel(methodOf(entry)), expiry: methodOf(entry).expiry };
    if (entry.bankAccount) return t(entry.paymentMethod.default ? 'pay.bankOptionDefault' : 'pay.bankOption', values);
    if (isCardExpired(methodOf(entry), today)) return t('pay.cardOptionExpired', values);
    if (entry.paymentMethod.lastChargeFailed) return t(entry.paymentMethod.default ? 'pay.cardOptionDefaultFailed' : 'pay.cardOptionFailed', values);
    return entry.paymentMethod.default ? t('pay.cardOptionDefault', values) : t('pay.cardOption', values);
  };
  return (
    <Field label={t('pay.method')}>
      <Select
        value={selected ? String(selected.paymentMethod.id) : ''}
        onChange={(e) => onSelect(e.target.value)}
        disabled={disabled}
        required
      >
        {!selected && (
          <option value="" disabled>
            {t('pay.methodPlaceholder')}
          </option>
        )}
        {cards.map((entry) => (
          <option
            key={String(entry.paymentMethod.id)}
            value={String(entry.paymentMethod.id)}
            disabled={isCardExpired(methodOf(entry), today)}
          >
            {option(entry)}
          </option>
        ))}
      </Select>
      {/* On phones a closed select cuts long labels ("American Express •••• 0005 (expires…"): the chosen card is
          shown whole below it (docs/decisions/0015-screens-fit-a-phone.md). Screen readers already hear it as the select's value. */}
      {selected && (
        <p aria-hidden="true" className="text-sm break-words text-fg-muted sm:hidden">
          {option(selected)}
        </p>
      )}
    </Field>
  );
}
