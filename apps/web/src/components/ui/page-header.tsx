import { ArrowLeftIcon } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** "← Back to Dashboard" style link, placed above a page's heading. */
export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-brand-text hover:underline sm:min-h-8',
        className,
      )}
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

export interface PageHeaderProps {
  /** The page's one <h1>. Route changes move focus here (see app/components/route-focus). */
  title: ReactNode;
  description?: ReactNode;
  /** A <BackLink> shown above the title. */
  back?: ReactNode;
  /** Buttons/links at the right (below the title on phones). */
  actions?: ReactNode;
  className?: string;
}

/** Top of every portal page: optional back link, h1, description and actions. */
export function PageHeader({ title, description, back, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-3', className)}>
      {back}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h1>
          {description && <div className="mt-1 text-fg-muted">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}
