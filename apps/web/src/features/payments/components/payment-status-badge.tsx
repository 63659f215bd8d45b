import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { CircleCheckIcon, InfoIcon } from '@/components/ui/icons';
import { paymentStatusBadge } from '../payment-status-rules';

/** Spec §4: Successful/Completed → green "Completed"; any other status → yellow with its own text. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('payments');
  const badge = paymentStatusBadge(status);
  return badge.tone === 'success' ? (
    <Badge tone="success" icon={<CircleCheckIcon />}>
      {t('history.completed')}
    </Badge>
  ) : (
    <Badge tone="warning" icon={<InfoIcon />}>
      {badge.text}
    </Badge>
  );
}
