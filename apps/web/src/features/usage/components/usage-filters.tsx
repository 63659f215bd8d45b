import { CDR_DIRECTIONS, CDR_TYPES } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { filterProblems, type UsageFilters } from '../rules';

/**
 * The explorer's filters as a form: applied together with "Apply filters" (a range typed day by day asks
 * the server nothing until it is complete); each problem is said beside its field and nothing is asked.
 */
export function UsageFiltersForm({
  value,
  onApply,
  onReset,
}: {
  value: UsageFilters;
  onApply: (filters: UsageFilters) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('usage');
  const [draft, setDraft] = useState(value);
  const [submitted, setSubmitted] = useState(false);
  // The URL changed (applied, back/forward, reset): show its filters.
  const applied = JSON.stringify(value);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft(value);
    setSubmitted(false);
  }
  const problems = submitted ? filterProblems(draft) : {};
  const set = (key: keyof UsageFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const error = (key: keyof UsageFilters) => (problems[key] ? t(`filters.${problems[key]}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(filterProblems(draft)).length > 0) return;
    onApply({ ...draft, number: draft.number.trim(), minAmount: draft.minAmount.trim() });
  };

  return (
    <Card as="section" aria-labelledby="usage-filters-title" className="p-4 sm:p-5">
      <h2 id="usage-filters-title" className="text-base font-semibold text-fg">
        {t('filters.title')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('filters.from')} error={error('from')} required>
          <Input type="date" value={draft.from} onChange={set('from')} required />
        </Field>
        <Field label={t('filters.to')} error={error('to')} required>
          <Input type="date" value={draft.to} onChange={set('to')} required />
        </Field>
        <Field label={t('filters.type')}>
          <Select value={draft.type} onChange={set('type')}>
            <option value="">{t('filters.any')}</option>
            {CDR_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`filters.types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filters.direction')}>
          <Select value={draft.direction} onChange={set('direction')}>
            <option value="">{t('filters.any')}</option>
            {CDR_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {t(`filters.directions.${direction}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filters.number')} hint={t('filters.numberHint')} error={error('number')}>
          <Input type="text" inputMode="tel" autoComplete="off" value={draft.number} onChange={set('number')} maxLength={32} />
        </Field>
        <Field label={t('filters.roaming')}>
          <Select value={draft.roaming} onChange={set('roaming')}>
            <option value="">{t('filters.any')}</option>
            <option value="true">{t('filters.yes')}</option>
            <option value="false">{t('filters.no')}</option>
          </Select>
        </Field>
        <Field label={t('filters.minAmount')} error={error('minAmount')}>
          <Input type="text" inputMode="decimal" autoComplete="off" value={draft.minAmount} onChange={set('minAmount')} maxLength={16} />
        </Field>
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit">{t('filters.apply')}</Button>
          <Button variant="secondary" onClick={onReset}>
            {t('filters.reset')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
