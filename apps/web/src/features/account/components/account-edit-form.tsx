import { LANGUAGES, type AccountDetailsResponse } from '@portal/contract';
import { AccountEditFormSchema, type AccountEditForm } from '@portal/contract/billing-details';
import { countryOptions, subdivisionName, subdivisionsOf } from '@portal/contract/regions';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, MapPin, UserRound } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/translate';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { toEditForm } from '../edit-rules';
import { accountTypeLabel } from '../rules';
import { editErrorKey, formFieldErrors } from '../form-errors';
import { AccountSection } from './account-section';

const GRID = 'grid gap-4 sm:grid-cols-2';

export interface AccountEditFormProps {
  details: AccountDetailsResponse;
  now: Date;
  saving: boolean;
  /** The `fields` of the server's last refusal, shown beside their fields. */
  serverFields: Record<string, string> | null;
  onSave: (form: AccountEditForm) => void;
  onCancel: () => void;
  /** Told whether any field differs from the saved values (false again once the form goes). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Edit mode of Account Information: validated with the contract's AccountEditFormSchema, errors
 * beside their fields. Account number, name and type are shown read-only. Mounted only while editing, so
 * Cancel (which unmounts it) always restores the saved values and clears every error.
 */
export function AccountEditFormView({
  details,
  now,
  saving,
  serverFields,
  onSave,
  onCancel,
  onDirtyChange,
}: AccountEditFormProps) {
  const { t, i18n } = useTranslation('account');
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    setValue,
    control,
    formState: { errors, isDirty },
  } = useForm<AccountEditForm>({
    resolver: zodResolver(AccountEditFormSchema),
    defaultValues: toEditForm(details, now),
  });
  // Leaving with unsaved edits asks first (docs/decisions/0015-screens-fit-a-phone.md): the page guards while a value differs.
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  // "Edit Profile" is gone once editing starts: focus moves to the first field the customer can change.
  useEffect(() => setFocus('language'), [setFocus]);
  useEffect(() => {
    const fieldErrors = formFieldErrors(serverFields ?? {});
    fieldErrors.forEach(([field, message]) => setError(field, { type: 'server', message }));
    if (fieldErrors[0]) setFocus(fieldErrors[0][0]);
  }, [serverFields, setError, setFocus]);
  const locale = i18n.language;
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const country = useWatch({ control, name: 'country' });
  const subdivisions = subdivisionsOf(country);
  const fieldError = (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const known = editErrorKey(error.message);
    return known ? t(known.key, known.values) : error.message;
  };
  const readOnlyLabel = (label: string) => `${label} ${t('readOnly')}`;
  const { account } = details;

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate aria-busy={saving || undefined} className="flex flex-col gap-6">
      <fieldset disabled={saving} className="grid min-w-0 gap-6 lg:grid-cols-2">
        <AccountSection
          id="account-details"
          title={t('sections.account')}
          icon={<Building2 />}
          className="lg:col-span-2"
          bodyClassName={GRID}
        >
          <Field label={readOnlyLabel(t('fields.accountNumber'))}>
            <Input value={account.customerNo} readOnly />
          </Field>
          <Field label={readOnlyLabel(t('fields.accountName'))}>
            <Input value={account.name} readOnly />
          </Field>
          <Field label={readOnlyLabel(t('fields.accountType'))}>
            <Input value={accountTypeLabel(account.type, t)} readOnly />
          </Field>
          <Field label={t('fields.language')} error={fieldError(errors.language)}>
            <Select {...register('language')}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('fields.invoiceEmail')} error={fieldError(errors.invoiceEmail)} className="sm:col-span-2">
            <Input type="email" autoComplete="email" {...register('invoiceEmail')} />
          </Field>
        </AccountSection>

        <AccountSection id="billing-contact" title={t('sections.contact')} icon={<UserRound />} bodyClassName={GRID}>
          <Field label={t('fields.firstName')} error={fieldError(errors.contactFirstName)}>
            <Input autoComplete="given-name" {...register('contactFirstName')} />
          </Field>
          <Field label={t('fields.lastName')} error={fieldError(errors.contactLastName)}>
            <Input autoComplete="family-name" {...register('contactLastName')} />
          </Field>
          <Field label={t('fields.email')} error={fieldError(errors.contactEmail)}>
            <Input type="email" autoComplete="email" {...register('contactEmail')} />
          </Field>
          <Field label={t('fields.phone')} error={fieldError(errors.contactPhone)}>
            <Input type="tel" autoComplete="tel" {...register('contactPhone')} />
          </Field>
        </AccountSection>

        <AccountSection id="billing-address" title={t('sections.address')} icon={<MapPin />} bodyClassName={GRID}>
          <Field label={t('fields.streetNumber')} error={fieldError(errors.streetNumber)}>
            <Input autoComplete="off" {...register('streetNumber')} />
          </Field>
          <Field label={t('fields.streetName')} error={fieldError(errors.streetName)}>
            <Input autoComplete="address-line1" {...register('streetName')} />
          </Field>
          <Field label={t('fields.city')} error={fieldError(errors.city)}>
            <Input autoComplete="address-level2" {...register('city')} />
          </Field>
          <Field label={t('fields.province')} error={fieldError(errors.province)}>
            {subdivisions ? (
              <Select autoComplete="address-level1" {...register('province')}>
                <option value="">{t('choose')}</option>
                {subdivisions.map((s) => (
                  <option key={s.code} value={s.code}>
                    {subdivisionName(country, s.code, locale)}
                  </option>
                ))}
              </Select>
            ) : (
              <Input autoComplete="address-level1" {...register('province')} />
            )}
          </Field>
          <Field label={t('fields.postal')} error={fieldError(errors.postal)}>
            <Input autoComplete="postal-code" {...register('postal')} />
          </Field>
          <Field label={t('fields.country')} error={fieldError(errors.country)}>
            <Select
              autoComplete="country"
              {...register('country', {
                // Another country's list does not hold the old province: the customer chooses again.
                onChange: () => setValue('province', ''),
              })}
            >
              <option value="">{t('choose')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        </AccountSection>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={saving} loadingText={t('saving')}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
