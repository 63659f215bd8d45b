import type { PaymentMethodEntry } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { serverTextOr } from '@/lib/api/server-text';
import { cardLabel, methodOf } from '@/lib/cards';
import { refreshPaymentMethods } from '../api/refresh';
import { setDefaultPaymentMethod } from '../api/set-default-payment-method';
import { canDeleteCard } from '../card-rules';
import { AddPaymentMethodModal, DeleteCardDialog, preloadPaymentMethodDialogs } from './lazy-dialogs';
import { PaymentMethodList } from './payment-method-list';

export interface PaymentMethodsCardProps {
  accountId: bigint;
  cards: PaymentMethodEntry[];
  onSuccess: (text: string) => void;
  onError: (text: string, cause?: unknown) => void;
}

/**
 * "Your Payment Methods": the saved cards with "Set as default" and "Delete card", and
 * "Add Card" through the provider's checkout. Outcomes are reported to the page, which shows them in a banner.
 */
export function PaymentMethodsCard({ accountId, cards, onSuccess, onError }: PaymentMethodsCardProps) {
  const { t } = useTranslation('payment-methods');
  const queryClient = useQueryClient();
  const today = new Date();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethodEntry | null>(null);
  // Plain state rather than useMutation: the page's first load stays small (the dialogs own their mutations).
  const [settingDefault, setSettingDefault] = useState<bigint | null>(null);

  const makeDefault = async (entry: PaymentMethodEntry) => {
    setSettingDefault(entry.paymentMethod.id);
    try {
      await setDefaultPaymentMethod(entry.paymentMethod.id);
      await refreshPaymentMethods(queryClient, accountId);
      onSuccess(t('methods.defaultSet', { card: cardLabel(methodOf(entry)) }));
    } catch (error) {
      onError(serverTextOr(error, t('methods.setDefaultFailed')), error);
    } finally {
      setSettingDefault(null);
    }
  };

  return (
    <Card as="section" aria-labelledby="methods-title" {...preloadOnIntent(preloadPaymentMethodDialogs)}>
      <CardHeader
        title={t('methods.title')}
        titleId="methods-title"
        icon={<CreditCard />}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {t('methods.addCard')}
          </Button>
        }
      />
      <CardBody>
        {cards.length === 0 ? (
          <EmptyState level={3} title={t('methods.empty')} description={t('methods.emptyText')} className="py-6" />
        ) : (
          <PaymentMethodList
            cards={cards}
            today={today}
            settingDefault={settingDefault}
            // The last card cannot be removed, so it is not offered (the service refuses it too).
            canDelete={canDeleteCard(cards.length)}
            onSetDefault={(entry) => void makeDefault(entry)}
            onDelete={setDeleting}
          />
        )}
      </CardBody>
      <AddPaymentMethodModal open={adding} onOpenChange={setAdding} accountId={accountId} />
      <DeleteCardDialog
        open={deleting !== null}
        card={deleting}
        accountId={accountId}
        onClose={() => setDeleting(null)}
        onDeleted={(entry) => onSuccess(t('methods.deleted', { card: cardLabel(methodOf(entry)) }))}
        onFailed={(error) => onError(serverTextOr(error, t('methods.deleteFailed')), error)}
      />
    </Card>
  );
}
