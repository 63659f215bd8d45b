import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon, XIcon } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { cn } from '@/lib/cn';

export type BannerTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<BannerTone, { box: string; icon: typeof InfoIcon; prefix: string }> = {
  error: { box: 'border-danger/40 bg-danger-subtle text-danger-text', icon: CircleAlertIcon, prefix: 'errorPrefix' },
  success: { box: 'border-success/40 bg-success-subtle text-success-text', icon: CircleCheckIcon, prefix: 'successPrefix' },
  info: { box: 'border-info-text/30 bg-info-subtle text-info-text', icon: InfoIcon, prefix: 'infoPrefix' },
  warning: {
    box: 'border-warning-text/30 bg-warning-subtle text-warning-text',
    icon: TriangleAlertIcon,
    prefix: 'warningPrefix',
  },
};

export interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  /**
   * Bold lead-in. Defaults to "Error:" / "Success:" / "Note:" / "Warning:"; pass `null` for none.
   * The words carry the meaning, so colour is never the only signal.
   */
  title?: ReactNode | null;
  onDismiss?: () => void;
  className?: string;
}

/**
 * Inline message. Errors use role="alert" (announced at once); the others role="status" (announced politely).
 * Render it conditionally: the live region announces the content that appears.
 */
export function Banner({ tone, children, title, onDismiss, className }: BannerProps) {
  const { t } = useTranslation();
  const { box, icon: Icon, prefix } = TONES[tone];
  const heading = title === undefined ? t(prefix) : title;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 break-words">
        {heading !== null && <strong className="mr-1 font-semibold">{heading}</strong>}
        {children}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-black/5 sm:size-8 dark:hover:bg-white/10"
        >
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('dismiss')}</span>
        </button>
      )}
    </div>
  );
}
