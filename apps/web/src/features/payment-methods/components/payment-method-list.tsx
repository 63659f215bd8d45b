import type { PaymentMethodEntry } from '@portal/contract';
import { Landmark, Star, Trash2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardBrandIcon } from '@/components/card-brand-icon';
import { cardLabel, methodOf } from '@/lib/cards';
import { cn } from '@/lib/cn';
import { canSetDefault, cardBadges, cardState, type CardState } from '../card-rules';

const STATE_CLASSES: Record<CardState, string> = {
  default: 'border-brand bg-brand-subtle/60',
  expired: 'border-danger/60 bg-danger-subtle/60',
  normal: 'border-border bg-surface-2/50',
};

export interface PaymentMethodListProps {
  cards: PaymentMethodEntry[];
  today: Date;
  /** Id of the card whose "Set as default" is running. */
  settingDefault: bigint | null;
  /** False for the only card on file (at least one is kept): "Delete card" is not offered then. */
  canDelete: boolean;
  onSetDefault: (entry: PaymentMethodEntry) => void;
  onDelete: (entry: PaymentMethodEntry) => void;
}

/**
 * The saved cards: default highlighted blue with a "Default" badge, expired red with an
 * "Expired" badge, others grey. "Set as default" only on non-default, non-expired cards; "Delete card" on all.
 */
export function PaymentMethodList({ cards, today, settingDefault, canDelete, onSetDefault, onDelete }: PaymentMethodListProps) {
  const { t } = useTranslation('payment-methods');
  return (
    <ul aria-label={t('methods.listLabel')} className="flex flex-col gap-3">
      {cards.map((entry) => {
        const method = methodOf(entry);
        const label = cardLabel(method);
        const badges = cardBadges(entry, today);
        const expired = badges.includes('expired');
        // The buttons' names start with their visible words (WCAG 2.5.3) and go on to say which card, with its
        // expiry, so two cards of the same brand and last digits never share a name.
        const which = (
          <>
            {' '}
            <span className="sr-only">
              {method.routing !== null ? t('methods.whichBank', { card: label }) : t('methods.whichCard', { card: label, expiry: method.expiry })}
            </span>
          </>
        );
        return (
          <li
            key={String(entry.paymentMethod.id)}
            className={cn('rounded-xl border p-4', STATE_CLASSES[cardState(entry, today)])}
          >
            <div className="flex flex-wrap items-center gap-3">
              {method.routing !== null ? (
                <Landmark className="h-6 w-9 shrink-0 text-fg-muted" aria-hidden="true" />
              ) : (
                <CardBrandIcon brand={method.brand} />
              )}
              {/* At least 10rem for the card's name: on narrow screens the badges move to the next line instead. */}
              <div className="min-w-0 flex-1 basis-40">
                {/* "American Express" and "•••• 0005" on two lines where both do not fit (320 px): the dots keep to their digits. */}
                <p className="font-medium text-fg">{label.replace('•••• ', '••••\u00a0')}</p>
                <p className={cn('text-sm', expired ? 'font-medium text-danger-text' : 'text-fg-muted')}>
                  {method.routing !== null
                    ? t('methods.bankAccount', { routing: method.routing })
                    : expired
                      ? t('methods.expiredOn', { date: method.expiry })
                      : t('methods.expires', { date: method.expiry })}
                </p>
              </div>
              {badges.length > 0 && (
                <div className="flex gap-1.5">
                  {badges.includes('default') && <Badge tone="brand">{t('methods.default')}</Badge>}
                  {expired && <Badge tone="danger">{t('methods.expired')}</Badge>}
                  {badges.includes('lastFailed') && <Badge tone="warning">{t('methods.lastFailed')}</Badge>}
                </div>
              )}
            </div>
            <div className="mt-3 flex flex-wrap gap-2 sm:justify-end">
              {canSetDefault(entry, today) && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={settingDefault === entry.paymentMethod.id}
                  loadingText={t('methods.setDefaultWorking')}
                  disabled={settingDefault !== null && settingDefault !== entry.paymentMethod.id}
                  onClick={() => onSetDefault(entry)}
                >
                  <Star className="size-4" aria-hidden="true" />
                  {t('methods.setDefault')}
                  {which}
                </Button>
              )}
              {canDelete ? (
                <Button variant="ghost" size="sm" className="text-danger-text" onClick={() => onDelete(entry)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('methods.delete')}
                  {which}
                </Button>
              ) : (
                <p className="text-sm text-fg-muted">{t('methods.onlyCard')}</p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
