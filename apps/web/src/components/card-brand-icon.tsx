import { cn } from '@/lib/cn';
import { cardBrand } from '@/lib/cards';

/**
 * Small brand marks drawn inline (no external images, CSP-safe, crisp in both themes). Decorative: the brand
 * name is always written next to them.
 */
export function CardBrandIcon({ brand, className }: { brand: string; className?: string }) {
  const { kind } = cardBrand(brand);
  const box = cn('h-6 w-9 shrink-0 rounded-[4px]', className);
  switch (kind) {
    case 'visa':
      return (
        <svg viewBox="0 0 36 24" className={box} aria-hidden="true" focusable="false">
          <rect width="36" height="24" rx="4" fill="#1A1F71" />
          <text
            x="18"
            y="16"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="10.5"
            fontStyle="italic"
            fontWeight="800"
            letterSpacing="0.3"
          >
            VISA
          </text>
        </svg>
      );
    case 'mastercard':
      return (
        <svg viewBox="0 0 36 24" className={box} aria-hidden="true" focusable="false">
          <rect width="36" height="24" rx="4" fill="#252525" />
          <circle cx="14.5" cy="12" r="6.5" fill="#EB001B" />
          <circle cx="21.5" cy="12" r="6.5" fill="#F79E1B" />
          <path d="M18 6.5a6.5 6.5 0 0 1 0 11 6.5 6.5 0 0 1 0-11Z" fill="#FF5F00" />
        </svg>
      );
    case 'amex':
      return (
        <svg viewBox="0 0 36 24" className={box} aria-hidden="true" focusable="false">
          <rect width="36" height="24" rx="4" fill="#2E77BC" />
          <text
            x="18"
            y="15.5"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="8.5"
            fontWeight="800"
            letterSpacing="0.4"
          >
            AMEX
          </text>
        </svg>
      );
    default:
      return (
        <svg viewBox="0 0 36 24" className={cn(box, 'text-fg-muted')} aria-hidden="true" focusable="false">
          <rect x="0.75" y="0.75" width="34.5" height="22.5" rx="3.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <rect x="0.75" y="6" width="34.5" height="3.5" fill="currentColor" />
          <rect x="5" y="15" width="10" height="2" rx="1" fill="currentColor" />
        </svg>
      );
  }
}
