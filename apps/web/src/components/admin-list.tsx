import { Fragment, type ReactNode, type Ref } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';

/** What an Admin screen says of the last thing done. */
export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The message of what was done, above the list. It takes focus (through `ref`) when the change took away
 * the button it came from, so focus is never left on the page's body.
 */
export function NoticeBanner({ notice, onDismiss, ref }: { notice: Notice; onDismiss: () => void; ref: Ref<HTMLDivElement> }) {
  if (!notice) return null;
  return (
    <div ref={ref} tabIndex={-1} className="mb-4 rounded-lg focus-visible:outline-2 focus-visible:outline-focus">
      <Banner tone={notice.tone} onDismiss={onDismiss}>
        {notice.text}
      </Banner>
    </div>
  );
}

export interface AdminListColumn<T> {
  header: string;
  align?: 'right';
  /** Classes of the column's table cells. */
  className?: string;
  /** The cell, the same in the table and in the cards but for `layout` (actions align to the end in a table). */
  cell: (row: T, layout: 'table' | 'cards') => ReactNode;
}

export interface AdminListProps<T> {
  /** The list's query, as TanStack Query gives it. */
  query: { isError: boolean; isPending: boolean; data: readonly T[] | undefined };
  loadError: string;
  empty: { icon: ReactNode; title: string; text: string };
  /** The table's name (hidden caption) and the cards' list label. */
  caption: string;
  columns: readonly AdminListColumn<T>[];
  rowKey: (row: T) => string;
  /** Skeleton rows while loading. */
  loadingRows?: number;
  /** Above the rows once there are some (a count). */
  summary?: (rows: readonly T[]) => ReactNode;
}

/**
 * The list of an Admin screen (users, API clients, webhook endpoints): its load error, skeleton and empty
 * state, then a table where it fits, else one card per row with the columns' cells stacked.
 */
export function AdminList<T>({ query, loadError, empty, caption, columns, rowKey, loadingRows = 2, summary }: AdminListProps<T>) {
  const { t: tc } = useTranslation();
  if (query.isError) return <Banner tone="error">{loadError}</Banner>;
  if (query.isPending || !query.data) {
    return (
      <Card className="flex flex-col gap-3 p-5" aria-busy="true">
        <span role="status" className="sr-only">
          {tc('loading')}
        </span>
        {Array.from({ length: loadingRows }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </Card>
    );
  }
  const rows = query.data;
  if (rows.length === 0) {
    return (
      <Card>
        <EmptyState icon={empty.icon} title={empty.title} description={empty.text} />
      </Card>
    );
  }
  return (
    <>
      {summary?.(rows)}
      <TableOrCards
        content={rows}
        table={
          <Table caption={caption} hideCaption>
            <THead>
              <tr>
                {columns.map((column) => (
                  <Th key={column.header} align={column.align}>
                    {column.header}
                  </Th>
                ))}
              </tr>
            </THead>
            <TBody>
              {rows.map((row) => (
                <Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Td key={column.header} className={column.className}>
                      {column.cell(row, 'table')}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        }
        // Phones and narrow windows: one card per row, its cells one under the other.
        cards={
          <ul aria-label={caption} className="flex flex-col gap-3">
            {rows.map((row) => (
              <li key={rowKey(row)} className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4 text-sm shadow-sm">
                {columns.map((column) => (
                  <Fragment key={column.header}>{column.cell(row, 'cards')}</Fragment>
                ))}
              </li>
            ))}
          </ul>
        }
      />
    </>
  );
}
