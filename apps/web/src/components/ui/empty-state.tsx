import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that gets the user going, e.g. "Add Card". */
  action?: ReactNode;
  className?: string;
  /** Heading level of the title inside the page outline; default 2. Use `null` for a plain paragraph. */
  level?: 2 | 3 | null;
}

/** Friendly "nothing here yet" block for empty lists and searches without results. */
export function EmptyState({ icon, title, description, action, className, level = 2 }: EmptyStateProps) {
  const Title = level === null ? 'p' : level === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-6 py-10 text-center', className)}>
      {icon && (
        <span
          aria-hidden="true"
          className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-surface-2 text-fg-muted [&>svg]:size-6"
        >
          {icon}
        </span>
      )}
      <Title className="text-base font-semibold text-fg">{title}</Title>
      {description && <p className="max-w-md text-sm text-fg-muted">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
