import { appConfig } from '@/config/app';
import { cn } from '@/lib/cn';

/** Product mark + name. The mark is decorative; the name is text (so it scales and translates). */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight text-fg', className)}>
      {appConfig.logoUrl ? (
        <img src={appConfig.logoUrl} alt="" className="size-8 shrink-0 object-contain" />
      ) : (
        <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
          <rect width="32" height="32" rx="8" className="fill-brand" />
          <path
            d="M9 20a9.9 9.9 0 0 1 14 0M12 23.2a5.6 5.6 0 0 1 8 0M6 16.8a14.2 14.2 0 0 1 20 0"
            fill="none"
            stroke="#fff"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
          <circle cx="16" cy="26" r="1.8" fill="#fff" />
        </svg>
      )}
      {showName ? (
        <span className="text-lg">{appConfig.productName}</span>
      ) : (
        <span className="sr-only">{appConfig.productName}</span>
      )}
    </span>
  );
}
