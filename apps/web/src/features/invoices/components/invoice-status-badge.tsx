import type { InvoiceStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { CircleAlertIcon, CircleCheckIcon } from '@/components/ui/icons';

const TONES = {
  Paid: 'success',
  Credited: 'success',
  PartiallyPaid: 'info',
  PartiallyCredited: 'info',
  Unpaid: 'warning',
  Overdue: 'danger',
} as const;

/** The invoice's status: colour, icon and word together (never colour alone). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge tone={TONES[status]} icon={status === 'Paid' || status === 'Credited' ? <CircleCheckIcon /> : <CircleAlertIcon />}>
      {t(`status.${status}`)}
    </Badge>
  );
}
