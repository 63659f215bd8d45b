import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { CircleCheckIcon, InfoIcon } from '@/components/ui/icons';
import { registerLocales } from '@/lib/i18n/i18n';
import { paymentStatusBadge } from '@/lib/payment-status';
import { paymentStatusLocales } from './locales';

// Top-level await: screens that show the badge render once its text is in (French downloaded when needed).
await registerLocales('payment-status', paymentStatusLocales);

/** Successful/Completed → green "Completed"; any other status → yellow with its own text. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('payment-status');
  const badge = paymentStatusBadge(status);
  return badge.tone === 'success' ? (
    <Badge tone="success" icon={<CircleCheckIcon />}>
      {t('completed')}
    </Badge>
  ) : (
    <Badge tone="warning" icon={<InfoIcon />}>
      {badge.text}
    </Badge>
  );
}
