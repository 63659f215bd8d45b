import type { AccountDetailsResponse } from '@portal/contract';
import { countryName, displayPhone, subdivisionName } from '@portal/contract/regions';
import { Building2, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { accountTypeLabel, currentBillingAddress, currentBillingContact } from '../rules';
import { AccountSection } from './account-section';

/** The three sections of Account Information in view mode; empty values show "N/A". */
export function AccountView({ details, now }: { details: AccountDetailsResponse; now: Date }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const locale = i18n.language;
  const value = (text: string | null | undefined) => text?.trim() || tc('notAvailable');
  const { account } = details;
  const contact = currentBillingContact(details, now);
  const address = currentBillingAddress(details, now);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AccountSection id="account-details" title={t('sections.account')} icon={<Building2 />} className="lg:col-span-2">
        <Rows wide>
          <Row label={t('fields.accountNumber')} value={value(account.customerNo)} />
          <Row label={t('fields.accountName')} value={value(account.name)} />
          <Row label={t('fields.accountType')} value={value(accountTypeLabel(account.type, t))} />
          <Row label={t('fields.language')} value={t(`languages.${account.language}`)} />
          <Row label={t('fields.invoiceEmail')} value={value(account.invoiceEmailAddress)} />
        </Rows>
      </AccountSection>
      <AccountSection id="billing-contact" title={t('sections.contact')} icon={<UserRound />}>
        <Rows>
          <Row label={t('fields.firstName')} value={value(contact?.firstName)} />
          <Row label={t('fields.lastName')} value={value(contact?.lastName)} />
          <Row label={t('fields.email')} value={value(contact?.primaryEmail)} />
          <Row label={t('fields.phone')} value={value(contact?.primaryPhone && displayPhone(contact.primaryPhone, address?.country))} />
        </Rows>
      </AccountSection>
      <AccountSection id="billing-address" title={t('sections.address')} icon={<MapPin />}>
        <Rows>
          <Row label={t('fields.streetNumber')} value={value(address?.streetNumber)} />
          <Row label={t('fields.streetName')} value={value(address?.streetName)} />
          <Row label={t('fields.city')} value={value(address?.city)} />
          <Row label={t('fields.province')} value={value(subdivisionName(address?.country, address?.province, locale))} />
          <Row label={t('fields.postal')} value={value(address?.postal)} />
          <Row label={t('fields.country')} value={value(countryName(address?.country, locale))} />
        </Rows>
      </AccountSection>
    </div>
  );
}

function Rows({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <dl className={wide ? 'grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-x-6 gap-y-4 sm:grid-cols-2'}>
      {children}
    </dl>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="font-medium break-words text-fg">{value}</dd>
    </div>
  );
}
