import { useTranslation } from '@/lib/i18n/translate';
import { cn } from '@/lib/cn';

export interface SpinnerProps {
  /** Announced to screen readers; defaults to "Loading...". Pass `label={null}` when the parent announces. */
  label?: string | null;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** Animated ring with screen-reader text (role=status so the text is announced once it appears). */
export function Spinner({ label, className, size = 'md' }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label === undefined ? t('loading') : label;
  const ring = (
    <svg className={cn('animate-spin text-current', SIZES[size], className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (text === null) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{text}</span>
    </span>
  );
}
