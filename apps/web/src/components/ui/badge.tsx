import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'brand';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-surface-2 text-fg border-border',
  success: 'bg-success-subtle text-success-text border-success/40',
  warning: 'bg-warning-subtle text-warning-text border-warning-text/30',
  danger: 'bg-danger-subtle text-danger-text border-danger/40',
  info: 'bg-info-subtle text-info-text border-info-text/30',
  brand: 'bg-brand-subtle text-brand-text border-brand-text/30',
};

export interface BadgeProps {
  tone?: BadgeTone;
  /** Optional decorative icon (hidden from screen readers); the text always says what the colour means. */
  icon?: ReactNode;
  children: ReactNode;
  /** Lets a long label (one holding a date and time) wrap instead of widening a phone-width card. */
  wrap?: boolean;
  className?: string;
}

/** Small status label: colour plus text (never colour alone, WCAG 1.4.1), e.g. <Badge tone="success">Paid</Badge>. */
export function Badge({ tone = 'neutral', icon, children, wrap = false, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        wrap ? 'whitespace-normal' : 'whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {icon && (
        <span aria-hidden="true" className="inline-flex [&>svg]:size-3.5">
          {icon}
        </span>
      )}
      {children}
    </span>
  );
}
