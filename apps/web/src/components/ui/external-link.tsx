import { ExternalLinkIcon as ExternalIcon } from '@/components/ui/icons';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { cn } from '@/lib/cn';

/**
 * A link that opens in a new tab, safely (rel="noopener noreferrer") and saying so to screen readers
 * ("(opens in a new tab)") and to sighted users (icon), per WCAG 3.2.5 advice.
 */
export function ExternalLink({
  href,
  children,
  className,
  showIcon = true,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode; showIcon?: boolean }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('inline-flex items-center gap-1', className)}
      {...rest}
    >
      {children}
      {showIcon && <ExternalIcon className="size-3.5" aria-hidden="true" />}
      <span className="sr-only"> {t('opensInNewTab')}</span>
    </a>
  );
}
