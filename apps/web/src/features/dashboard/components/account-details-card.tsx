import type { AccountDetailsResponse } from '@portal/contract';
import { displayPhone } from '@portal/contract/regions';
import { IdCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { accountDisplayName, addressLines, contactName, currentBillingAddress, currentBillingContact } from '@/features/account';
import { LoadingBlock } from './loading-block';

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** The account details panel: name, invoice email, billing address and contact, "Update details". */
export function AccountDetailsCard({ details }: { details: AccountDetailsResponse | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const address = details ? currentBillingAddress(details) : null;
  const contact = details ? currentBillingContact(details) : null;
  const lines = address ? addressLines(address, i18n.language) : [];
  const na = <span className="text-fg-muted">{tc('notAvailable')}</span>;
  return (
    <Card as="section" aria-labelledby="details-title" className="h-fit">
      <CardHeader
        titleId="details-title"
        title={t('details.title')}
        icon={<IdCard />}
        actions={
          <Link to={paths.profile} className="text-sm text-link">
            {t('details.edit')}
          </Link>
        }
      />
      <CardBody>
        {!details ? (
          <LoadingBlock lines={4} />
        ) : (
          <dl className="flex flex-col gap-4">
            <DetailRow label={t('details.name')}>{accountDisplayName(details.account)}</DetailRow>
            <DetailRow label={t('details.invoiceEmail')}>{details.account.invoiceEmailAddress || na}</DetailRow>
            <DetailRow label={t('details.billingAddress')}>
              {lines.length ? (
                <address className="not-italic">
                  {lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : (
                na
              )}
            </DetailRow>
            <DetailRow label={t('details.billingContact')}>
              {contact ? (
                <>
                  <span className="block">{contactName(contact) ?? tc('notAvailable')}</span>
                  {contact.primaryEmail && <span className="block text-fg-muted">{contact.primaryEmail}</span>}
                  {contact.primaryPhone && (
                    <span className="block text-fg-muted">
                      <span className="sr-only">{tc('labelled', { label: t('details.phone'), value: '' })}</span>
                      {displayPhone(contact.primaryPhone, address?.country)}
                    </span>
                  )}
                </>
              ) : (
                na
              )}
            </DetailRow>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
