import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { CircleAlertIcon, CircleCheckIcon } from '@/components/ui/icons';
import type { InvoiceStatus } from '../rules';

/** Paid (green) / Unpaid (amber): colour, icon and word together (never colour alone). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return status === 'paid' ? (
    <Badge tone="success" icon={<CircleCheckIcon />}>
      {t('status.paid')}
    </Badge>
  ) : (
    <Badge tone="warning" icon={<CircleAlertIcon />}>
      {t('status.unpaid')}
    </Badge>
  );
}
