import { fromMinor, toMinor, type CurrencyCode } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/i18n/use-format';
import { paymentMethodsQuery } from '@/features/payment-methods';
import { familyBalanceQuery, payAll } from '../api/family-balance';
import { methodOf } from '@/lib/cards';

/**
 * A parent account's one balance (docs/decisions/0036-refunds-and-pay-all.md): what it and its sub-accounts
 * owe together per currency and what is overdue, each account's own balance, and "Pay all" with the parent's
 * default card in the account's currency. Shown only for an account that has sub-accounts the person may use.
 */
export function FamilyBalanceCard({ accountId, currency, closed }: { accountId: bigint; currency: CurrencyCode; closed: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const queryClient = useQueryClient();
  const family = useQuery(familyBalanceQuery(accountId));
  const cards = useQuery(paymentMethodsQuery(accountId));
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<string | null>(null);
  if (!family.data || family.data.accounts.length < 2) return null;
  const owing = family.data.balances.find((b) => b.currency.code === currency);
  const owingMinor = owing && toMinor(owing.amount) < 0n ? -toMinor(owing.amount) : 0n;
  // Pay all charges a card (docs/decisions/0036-refunds-and-pay-all.md): the default one, else the first.
  const card = cards.data?.find((c) => c.paymentMethod.default && c.card !== null) ?? cards.data?.find((c) => c.card !== null);
  const money = (amount: number, code: CurrencyCode) => f.currency(amount, code);
  const total = money(fromMinor(owingMinor), currency);
  return (
    <Card as="section" aria-labelledby="family-balance-title">
      <CardHeader title={t('family.title')} titleId="family-balance-title" icon={<Users />} description={t('family.text', { count: family.data.accounts.length })} />
      <CardBody className="flex flex-col gap-4">
        {done && (
          <Banner tone="success" onDismiss={() => setDone(null)}>
            {done}
          </Banner>
        )}
        <dl className="flex flex-col gap-1">
          {family.data.balances.map((b) => (
            <div key={b.currency.code} className="flex items-baseline justify-between gap-3">
              <dt className="text-sm text-fg-muted">{t('family.total', { currency: b.currency.code })}</dt>
              <dd className="text-xl font-semibold tabular-nums">{money(-b.amount, b.currency.code)}</dd>
            </div>
          ))}
          {family.data.overdue.map((o) => (
            <div key={o.currency.code} className="flex items-baseline justify-between gap-3 text-danger">
              <dt className="text-sm">{t('family.overdue', { date: f.date(o.since, 'detail') })}</dt>
              <dd className="font-semibold tabular-nums">{money(o.amount, o.currency.code)}</dd>
            </div>
          ))}
        </dl>
        <ul aria-label={t('family.accounts')} className="divide-y divide-border rounded-xl border border-border text-sm">
          {family.data.accounts.map((a) => (
            <li key={String(a.accountId)} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span>
                {a.name} <span className="text-fg-muted">({a.customerNo})</span>
              </span>
              <span className="tabular-nums">
                {a.balances.length === 0 ? money(0, currency) : a.balances.map((b) => money(-b.amount, b.currency.code)).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
        {!closed && owingMinor > 0n && card && (
          <div>
            <Button onClick={() => setConfirming(true)}>{t('family.payAll', { amount: total })}</Button>
          </div>
        )}
      </CardBody>
      <ConfirmActionDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('family.confirmTitle')}
        confirmLabel={t('family.confirm', { amount: total })}
        workingLabel={t('family.paying')}
        tone="primary"
        action={() => payAll({ accountId, paymentMethodId: card!.paymentMethod.id, currency }, key)}
        onDone={(result) => {
          setKey(crypto.randomUUID());
          setDone(result.error ?? t('family.submitted', { amount: total, count: result.shares.length }));
          void queryClient.invalidateQueries({ queryKey: ['account'] });
        }}
        failedText={t('family.failed')}
      >
        {card && t('family.confirmText', { amount: total, count: family.data.accounts.length, card: `${methodOf(card).brand} •••• ${methodOf(card).last4}` })}
      </ConfirmActionDialog>
    </Card>
  );
}
