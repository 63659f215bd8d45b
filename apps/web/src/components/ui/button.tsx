import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-fg shadow-sm hover:bg-brand-hover',
  secondary: 'border border-border-strong/60 bg-surface text-fg shadow-sm hover:bg-surface-2',
  ghost: 'text-fg hover:bg-surface-2',
  danger: 'bg-danger text-white shadow-sm hover:bg-danger-hover dark:text-page',
  link: 'text-brand-text underline underline-offset-4 hover:decoration-2',
};

// 44 px tall on touch screens (WCAG 2.5.5 target size), more compact from the `sm` breakpoint up.
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm sm:min-h-8',
  md: 'min-h-11 px-4 text-sm sm:min-h-10',
  lg: 'min-h-12 px-5 text-base',
};

/** Classes of a button, for links and Radix triggers that must look like one. */
export const buttonClasses = ({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string =>
  cn(BASE, VARIANTS[variant], variant === 'link' ? 'min-h-11 sm:min-h-0 px-0' : SIZES[size], className);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label (so the width does not jump) and blocks clicks while true. */
  loading?: boolean;
  /** Text announced while loading, e.g. "Saving..."; replaces the label when given. */
  loadingText?: string;
}

/**
 * A native button (type="button" unless told otherwise, so it never submits a form by accident).
 * While `loading` it is aria-disabled rather than disabled: it keeps focus, and screen readers hear aria-busy.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, loadingText, className, children, type = 'button', onClick, ...rest },
  ref,
) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={buttonClasses({ variant, size, className })}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading && <Spinner size="sm" label={null} />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
});
