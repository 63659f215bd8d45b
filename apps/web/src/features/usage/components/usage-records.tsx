import type { CurrencyCode, UsageRecord, UsageSortField } from '@portal/contract';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { DisputeRecordAction } from '@/features/disputes';
import { useFormat } from '@/lib/i18n/use-format';
import { useUsageUnits } from './units';

/**
 * The table's columns: fields that take little room share one, a line each (the type and direction, both
 * numbers, duration and data), so the whole table fits a desktop's width. Each field keeps its
 * own sort button.
 */
const COLUMNS: readonly { fields: readonly UsageSortField[]; align?: 'right' }[] = [
  { fields: ['StartedAt'] },
  { fields: ['Type', 'Direction'] },
  { fields: ['From', 'To'] },
  { fields: ['Duration', 'Data'], align: 'right' },
  { fields: ['Description'] },
  { fields: ['Amount'], align: 'right' },
];

export interface SortProps {
  sort: UsageSortField;
  descending: boolean;
  onSort: (field: UsageSortField) => void;
}

/** A record's cells as text, each one plain; the actions cell (dispute this charge) is the disputes feature's. */
const useCells = (currency: string, timeZone: string) => {
  const { t } = useTranslation('usage');
  const f = useFormat();
  const units = useUsageUnits();
  const none = t('records.none');
  return (record: UsageRecord): Record<UsageSortField, string> => ({
    // On the account's clock, the days the filters and the daily chart count.
    StartedAt: f.dateTime(record.startedAt, 'list', timeZone),
    Type: t(`filters.types.${record.type}`),
    Direction: t(`filters.directions.${record.direction}`),
    From: record.fromNumber,
    To: record.toNumber ?? none,
    Duration: record.type === 'sms' ? none : units.duration(record.durationSeconds),
    Data: record.type === 'data' ? units.data(record.dataKb) : none,
    Description: record.description,
    // Rated to the ten-thousandth; shown to the cent like every amount (the CSV keeps all four places).
    Amount: f.currency(Number(record.amount), currency),
  });
};

/** Where it fits: the table, sortable by every field (the header buttons say how it is sorted). */
export function UsageTable({
  records,
  currency,
  sort,
  descending,
  onSort,
  timeZone,
}: { records: UsageRecord[]; currency: CurrencyCode; timeZone: string } & SortProps) {
  const { t } = useTranslation('usage');
  const cells = useCells(currency, timeZone);
  return (
    <Table caption={t('records.caption')} hideCaption>
      <THead>
        <Tr>
          {COLUMNS.map(({ fields, align }) => {
            const active = fields.find((field) => field === sort);
            return (
              <Th
                key={fields.join()}
                align={align}
                aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                className="p-0"
              >
                {fields.map((field) => {
                  const Icon = field === active ? (descending ? ArrowDown : ArrowUp) : ArrowUpDown;
                  return (
                    <button
                      key={field}
                      type="button"
                      onClick={() => onSort(field)}
                      className="flex min-h-11 w-full items-center gap-1 px-4 py-3 uppercase hover:text-fg data-[align=right]:justify-end data-[stacked]:min-h-8 data-[stacked]:py-1.5"
                      data-align={align}
                      data-stacked={fields.length > 1 || undefined}
                      aria-label={t('records.sortBy', { column: t(`records.columns.${field}`) })}
                    >
                      {t(`records.columns.${field}`)}
                      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
                    </button>
                  );
                })}
              </Th>
            );
          })}
          <Th align="right">{t('records.actions')}</Th>
        </Tr>
      </THead>
      <TBody>
        {records.map((record) => {
          const text = cells(record);
          return (
            <Tr key={String(record.id)}>
              {COLUMNS.map(({ fields, align }) => (
                <Td key={fields.join()} align={align} className={fields[0] === 'Description' ? 'min-w-48' : 'whitespace-nowrap'}>
                  {fields.map((field) => (
                    <span key={field} className="block">
                      {text[field]}
                      {field === 'Description' && record.roaming && (
                        <Badge tone="info" className="ml-2">
                          {t('records.roaming')}
                        </Badge>
                      )}
                    </span>
                  ))}
                </Td>
              ))}
              <Td align="right">
                <DisputeRecordAction record={record} currency={currency} />
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

/** Elsewhere one card per record, nothing scrolls sideways; the sort is chosen in a list above them. */
export function UsageCards({ records, currency, timeZone }: { records: UsageRecord[]; currency: CurrencyCode; timeZone: string }) {
  const { t } = useTranslation('usage');
  const cells = useCells(currency, timeZone);
  return (
    <ul aria-label={t('records.caption')} className="flex flex-col gap-3">
      {records.map((record) => {
        const text = cells(record);
        return (
          <li key={String(record.id)} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 font-medium break-words text-fg">{text.Description}</p>
              <p className="font-semibold text-fg tabular-nums">{text.Amount}</p>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {(['StartedAt', 'Type', 'From', 'To', 'Duration', 'Data'] as const).map((field) => (
                <div key={field} className="contents">
                  <dt className="text-fg-muted">{t(`records.columns.${field}`)}</dt>
                  <dd className="min-w-0 break-words text-fg">{text[field]}</dd>
                </div>
              ))}
            </dl>
            {record.roaming && (
              <Badge tone="info" className="mt-2">
                {t('records.roaming')}
              </Badge>
            )}
            <div className="mt-3">
              <DisputeRecordAction record={record} currency={currency} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
