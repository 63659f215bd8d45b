import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Surface with border and shadow. Use `as="section"` with a CardHeader title to make it a labelled region. */
export function Card({
  as: Tag = 'div',
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'aside' }) {
  return <Tag className={cn('rounded-xl border border-border bg-surface shadow-sm', className)} {...props} />;
}

export interface CardHeaderProps {
  title: ReactNode;
  /** Heading level; pick the one that fits the page outline (h2 under the page's h1). */
  level?: 2 | 3;
  titleId?: string;
  description?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function CardHeader({ title, level = 2, titleId, description, actions, icon, className }: CardHeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-wrap items-start justify-between gap-3 px-5 pt-5 sm:px-6', className)}>
      <div className="flex min-w-0 items-start gap-3">
        {icon && (
          <span
            aria-hidden="true"
            className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-subtle text-brand-text [&>svg]:size-5"
          >
            {icon}
          </span>
        )}
        <div className="min-w-0">
          <Heading id={titleId} className="text-base font-semibold text-fg">
            {title}
          </Heading>
          {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...props} />;
}
