import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Accessible name of the table, shown as its caption (or only to screen readers with `hideCaption`). */
  caption: ReactNode;
  hideCaption?: boolean;
  /** Name of the scrollable region on narrow screens; defaults to the caption when it is text. */
  regionLabel?: string;
}

/**
 * Data table. On narrow screens the table scrolls sideways inside a focusable, labelled region, so keyboard
 * users can scroll it too (WCAG 2.1.1); wide tables never stretch the page.
 */
export function Table({ caption, hideCaption, regionLabel, className, children, ...props }: TableProps) {
  return (
    <div
      className="w-full overflow-x-auto rounded-xl border border-border bg-surface"
      role="region"
      aria-label={regionLabel ?? (typeof caption === 'string' ? caption : undefined)}
      tabIndex={0}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        <caption className={cn('px-4 py-3 text-left text-base font-semibold text-fg', hideCaption && 'sr-only')}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <thead
      className={cn('border-b border-border bg-surface-2 text-xs tracking-wide text-fg-muted uppercase', className)}
      {...props}
    />
  );
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-border', className)} {...props} />;
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('hover:bg-surface-2/60', className)} {...props} />;
}

/** Header cell; `scope="col"` by default (pass scope="row" for row headers). */
export function Th({
  className,
  scope = 'col',
  align,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & { align?: 'left' | 'right' }) {
  return (
    <th
      scope={scope}
      className={cn('px-4 py-3 font-semibold whitespace-nowrap', align === 'right' && 'text-right', className)}
      {...props}
    />
  );
}

export function Td({ className, align, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { align?: 'left' | 'right' }) {
  return (
    <td className={cn('px-4 py-3 align-middle text-fg', align === 'right' && 'text-right tabular-nums', className)} {...props} />
  );
}
