import type { UsageDay } from '@portal/contract';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { useFormat } from '@/lib/i18n/use-format';
import { chartBars, chartDays } from '../chart';
import { useUsageUnits } from './units';

const SERIES = [
  { key: 'voiceCount', label: 'chart.calls', className: 'fill-brand-text bg-brand-text' },
  { key: 'smsCount', label: 'chart.texts', className: 'fill-info-text bg-info-text' },
  { key: 'dataCount', label: 'chart.dataSessions', className: 'fill-warning-text bg-warning-text' },
] as const;

const HEIGHT = 160;

/**
 * Records per billing day of the selected range, stacked by type: plain SVG (no chart library for a dozen
 * rectangles a day). The drawing is hidden from screen readers; its summary and the table under
 * "Daily usage as a table" carry the same figures for them and for anyone who wants numbers.
 */
export function DailyChart({ days, from, to }: { days: UsageDay[]; from: string; to: string }) {
  const { t } = useTranslation('usage');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const units = useUsageUnits();
  const series = chartDays(days, from, to);
  const { bars, max } = chartBars(series, HEIGHT);
  const totals = days.reduce(
    (sum, d) => ({ calls: sum.calls + d.voiceCount, texts: sum.texts + d.smsCount, sessions: sum.sessions + d.dataCount }),
    { calls: 0, texts: 0, sessions: 0 },
  );
  const width = Math.max(series.length, 1) * 10;
  return (
    <Card as="section" aria-labelledby="usage-chart-title">
      <CardHeader
        titleId="usage-chart-title"
        title={t('chart.title')}
        icon={<BarChart3 />}
        description={t('chart.description', { start: f.date(from), end: f.date(to) })}
      />
      <CardBody className="flex flex-col gap-3">
        {days.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('chart.empty')}</p>
        ) : (
          <>
            <p className="text-sm text-fg-muted">
              {t('chart.summary', {
                days: t('chart.summaryDays', { count: days.length }),
                calls: t('chart.summaryCalls', { count: totals.calls }),
                texts: t('chart.summaryTexts', { count: totals.texts }),
                sessions: t('chart.summarySessions', { count: totals.sessions }),
              })}
            </p>
            <svg
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="h-40 w-full"
              aria-hidden="true"
              focusable="false"
            >
              {bars.map((bar) =>
                bar.segments.map((segment) => (
                  <rect
                    key={`${bar.day}-${segment.key}`}
                    x={bar.index * 10 + 1}
                    width={8}
                    y={segment.y}
                    height={segment.height}
                    className={SERIES.find((s) => s.key === segment.key)!.className}
                  >
                    <title>{tc('labelled', { label: f.date(bar.day), value: segment.value })}</title>
                  </rect>
                )),
              )}
            </svg>
            <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-fg-muted">
              <span>{f.date(from)}</span>
              <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
                {SERIES.map((s) => (
                  <li key={s.key} className="inline-flex items-center gap-1.5">
                    <span className={`inline-block size-2.5 rounded-sm ${s.className}`} />
                    {t(s.label)}
                  </li>
                ))}
              </ul>
              <span>{t('chart.max', { count: max })}</span>
              <span>{f.date(to)}</span>
            </div>
            <details className="text-sm">
              <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-text sm:min-h-0">
                {t('chart.showTable')}
              </summary>
              <div className="mt-2">
                <TableOrCards
                  content={days}
                  table={
                    <Table caption={t('chart.showTable')} hideCaption>
                      <THead>
                        <Tr>
                          <Th>{t('chart.day')}</Th>
                          <Th align="right">{t('chart.calls')}</Th>
                          <Th align="right">{t('chart.callMinutes')}</Th>
                          <Th align="right">{t('chart.texts')}</Th>
                          <Th align="right">{t('chart.dataSessions')}</Th>
                          <Th align="right">{t('chart.data')}</Th>
                        </Tr>
                      </THead>
                      <TBody>
                        {days.map((d) => (
                          <Tr key={d.day}>
                            <Th scope="row" className="font-medium text-fg">
                              {f.date(d.day)}
                            </Th>
                            <Td align="right">{d.voiceCount}</Td>
                            <Td align="right">{units.duration(d.voiceSeconds)}</Td>
                            <Td align="right">{d.smsCount}</Td>
                            <Td align="right">{d.dataCount}</Td>
                            <Td align="right">{units.data(d.dataKb)}</Td>
                          </Tr>
                        ))}
                      </TBody>
                    </Table>
                  }
                  // Where the six columns do not fit (phones): a short list of the figures for each day.
                  cards={
                    <ul aria-label={t('chart.showTable')} className="divide-y divide-border rounded-xl border border-border">
                      {days.map((d) => (
                        <li key={d.day} className="px-4 py-3">
                          <p className="font-medium text-fg">{f.date(d.day)}</p>
                          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5">
                            {(
                              [
                                ['chart.calls', d.voiceCount],
                                ['chart.callMinutes', units.duration(d.voiceSeconds)],
                                ['chart.texts', d.smsCount],
                                ['chart.dataSessions', d.dataCount],
                                ['chart.data', units.data(d.dataKb)],
                              ] as const
                            ).map(([label, value]) => (
                              <div key={label} className="contents">
                                <dt className="text-fg-muted">{t(label)}</dt>
                                <dd className="text-right text-fg tabular-nums">{value}</dd>
                              </div>
                            ))}
                          </dl>
                        </li>
                      ))}
                    </ul>
                  }
                />
              </div>
            </details>
          </>
        )}
      </CardBody>
    </Card>
  );
}
