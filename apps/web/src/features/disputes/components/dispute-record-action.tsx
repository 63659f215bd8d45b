import { fromMinor, type CurrencyCode, type UsageRecord } from '@portal/contract';
import { useState } from 'react';
import { useSelectedAccountClosure } from '@/lib/current-account/current-account';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/lazy-dialog';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { disputesLocales } from '../locales';
import { disputeWindowOf } from '../rules';

await registerLocales('disputes', disputesLocales);

const DisputeDialog = lazyDialog(
  () => import('./dispute-dialog'),
  (m) => m.DisputeDialog,
);

/** A call record's amount (4 decimals, "0.1250") in whole cents, rounded down: a dispute never claims more than was billed. */
const disputableCents = (amount: string): bigint => {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? 0n : cents;
};

/**
 * "Dispute this charge" for one call detail record of the usage explorer: offered while its invoice's billing
 * date is at most 30 days old; a record of a period not billed yet, or billed longer ago, says why it cannot be.
 */
export function DisputeRecordAction({
  record,
  currency,
}: {
  record: Pick<UsageRecord, 'id' | 'description' | 'amount' | 'postedDate' | 'startedAt'>;
  currency: CurrencyCode;
}) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  // The explorer shows the selected account's records: a closed one takes no new dispute.
  const closure = useSelectedAccountClosure();
  if (closure) return null;
  if (record.postedDate === null) return <span className="text-xs text-fg-muted">{t('unbilled')}</span>;
  const term = disputeWindowOf(record.postedDate, new Date());
  if (!term.open) return <span className="text-xs text-fg-muted">{t('recordWindowClosed', { date: f.date(term.closesOn, 'detail') })}</span>;
  if (sent) return <Badge tone="info">{t('fullyDisputed')}</Badge>;
  const cents = disputableCents(record.amount);
  if (cents === 0n) return null;
  const label = `${record.description}, ${f.dateTime(record.startedAt, 'list')}`;
  return (
    <>
      <Button size="sm" variant="secondary" aria-label={t('disputeLabel', { description: label })} onClick={() => setOpen(true)}>
        {t('disputeThisCharge')}
      </Button>
      <DisputeDialog
        open={open}
        onOpenChange={setOpen}
        lines={[{ cdrId: record.id, description: label, amount: fromMinor(cents), maximum: fromMinor(cents), currency }]}
        onCreated={() => setSent(true)}
      />
    </>
  );
}
