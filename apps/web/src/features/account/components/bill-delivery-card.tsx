import { BILL_DELIVERIES, type AccountDetailsResponse, type BillDelivery } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { RadioOption } from '@/components/ui/radio-option';
import { ApiError } from '@/lib/api/client';
import { useTranslation } from '@/lib/i18n/translate';
import { updateCustomerDetails } from '../api/update-customer-details';

/**
 * How bills come (docs/decisions/0037-a-bill-that-explains-itself.md): email with the PDF, email with a link,
 * or paper by post where the provider sends it. Saved on its own: the rest of the account is sent back unchanged.
 */
export function BillDeliveryCard({ details, disabled }: { details: AccountDetailsResponse; disabled: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const name = useId();
  const { account } = details;
  const [choice, setChoice] = useState<BillDelivery>(account.billDelivery);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const offered = BILL_DELIVERIES.filter((option) => option !== 'paper' || details.paperBillsOffered || account.billDelivery === 'paper');
  const save = useMutation({
    mutationFn: () =>
      updateCustomerDetails({ accountId: account.id, language: account.language, invoiceEmail: account.invoiceEmailAddress, billDelivery: choice }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['account', account.id] });
      setOutcome({ tone: 'success', text: t('billDelivery.saved') });
    },
    onError: (error) =>
      setOutcome({ tone: 'error', text: error instanceof ApiError && error.status === 400 ? `${t('saveError')} ${error.serverMessage}` : t('saveError') }),
  });
  return (
    <Card as="section" aria-labelledby="bill-delivery-title">
      <CardHeader title={t('billDelivery.title')} titleId="bill-delivery-title" description={t('billDelivery.intro')} icon={<Mail />} />
      <CardBody>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setOutcome(null);
            save.mutate();
          }}
          className="flex flex-col gap-3"
        >
          <fieldset className="flex flex-col gap-2" disabled={disabled || save.isPending}>
            <legend className="sr-only">{t('billDelivery.title')}</legend>
            {offered.map((option) => (
              <RadioOption
                key={option}
                id={`${name}-${option}`}
                name={name}
                value={option}
                checked={choice === option}
                onChange={() => setChoice(option)}
                label={t(`billDelivery.options.${option}`)}
                hint={t(`billDelivery.hints.${option}`)}
              />
            ))}
          </fieldset>
          {outcome && (
            <Banner tone={outcome.tone} onDismiss={() => setOutcome(null)}>
              {outcome.text}
            </Banner>
          )}
          <div>
            <Button type="submit" disabled={disabled || save.isPending || choice === account.billDelivery}>
              {t('billDelivery.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
