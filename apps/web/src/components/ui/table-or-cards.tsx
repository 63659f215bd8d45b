import type { ReactNode } from 'react';
import { useTableFits } from '@/lib/use-table-fits';

export interface TableOrCardsProps {
  /** What is listed, as the query gave it (a reference stable between renders): new content is measured again. */
  content: unknown;
  table: ReactNode;
  cards: ReactNode;
}

/**
 * A table where it fits the space it is given, else the same rows as cards: no column is
 * ever cut off behind a sideways scroll. Only one of the two is rendered, so each row is read once.
 */
export function TableOrCards({ content, table, cards }: TableOrCardsProps) {
  const { ref, fits } = useTableFits(content);
  return (
    <div ref={ref} className="min-w-0">
      {fits ? table : cards}
    </div>
  );
}
