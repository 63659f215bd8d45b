import type { InvoiceContent } from '@portal/contract';
import { countryName, subdivisionName } from '@portal/contract/regions';
import { Building2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** "Billing To": customer name, address lines, city, province, postal code, country. */
export function BillingToCard({ content, failed }: { content: InvoiceContent | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation('invoices');
  const customer = content?.customer;
  const address = customer?.address;
  // Codes are stored; the customer reads names in their language ("Québec", "Canada").
  const province = address ? subdivisionName(address.country, address.province, i18n.language) : '';
  const country = address ? countryName(address.country, i18n.language) : '';
  const cityLine = address ? [address.city, province, address.postalCode].filter((p) => p?.trim()).join(', ') : '';
  return (
    <Card as="section" aria-labelledby="billing-to-title">
      <CardHeader title={t('detail.billingTo')} titleId="billing-to-title" icon={<Building2 />} />
      <CardBody>
        {failed ? (
          <Banner tone="warning" title={null}>
            {t('detail.billingToError')}
          </Banner>
        ) : !customer ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : (
          <address className="flex flex-col gap-0.5 text-sm text-fg not-italic">
            <span className="text-base font-semibold">{customer.name}</span>
            {address && (
              <>
                <span>{address.addressLine1}</span>
                {address.addressLine2?.trim() && <span>{address.addressLine2}</span>}
                {cityLine && <span>{cityLine}</span>}
                {country.trim() && <span>{country}</span>}
              </>
            )}
          </address>
        )}
      </CardBody>
    </Card>
  );
}
