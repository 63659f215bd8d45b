import { useId, useState, type ReactNode } from 'react';

/**
 * Explains why a control is disabled, as a tooltip on a focusable wrapper (a disabled control takes neither
 * focus nor hover). Shown on hover and keyboard focus, kept open while the pointer is over it, dismissed with
 * Escape (WCAG 1.4.13); the text is also the wrapper's description for screen readers. CSS-positioned, so it
 * does not bring a positioning library to the payments screen (docs/decisions/0009-performance-budgets.md).
 */
export function DisabledHint({ hint, children }: { hint: ReactNode; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative inline-flex w-fit" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <span
        tabIndex={0}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        {children}
      </span>
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute bottom-full left-0 z-50 mb-2 w-max max-w-xs animate-fade-in rounded-md bg-fg px-3 py-1.5 text-sm text-page shadow-lg"
      >
        {hint}
      </span>
    </span>
  );
}
