import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';

export interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Content of the trigger button. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** Accessible name of the panel (role="dialog", non-modal). */
  label: string;
  /** Element focused when the panel opens (else the panel itself). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  panelClassName?: string;
  align?: 'start' | 'end';
  className?: string;
}

/**
 * A light, non-modal popover: a button that shows a panel below it. Focus moves into the panel when it
 * opens; Escape closes it and returns focus to the button; a click outside or moving focus out closes it.
 * No positioning engine (it opens below its trigger), which keeps the portal shell small; use Radix
 * Popover for panels that must flip or follow scrolling.
 */
export function Popover({
  open,
  onOpenChange,
  trigger,
  triggerClassName,
  label,
  initialFocus,
  children,
  panelClassName,
  align = 'start',
  className,
}: PopoverProps) {
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    (initialFocus?.current ?? panelRef.current)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, initialFocus, onOpenChange]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      ref={rootRef}
      className={cn('relative', className)}
      onBlur={(event) => {
        // Focus left the trigger and the panel (Tab past the end, or a click elsewhere): close.
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-haspopup="dialog"
        className={triggerClassName}
        onClick={() => onOpenChange(!open)}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className={cn(
            'absolute top-full z-50 mt-1.5 animate-fade-in rounded-xl border border-border bg-surface text-fg shadow-lg outline-none',
            align === 'end' ? 'right-0' : 'left-0',
            panelClassName,
          )}
        >
          {children}
        </div>
      )}
    </div>
  );
}
