import * as RadixDialog from '@radix-ui/react-dialog';
import { XIcon } from '@/components/ui/icons';
import { useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { cn } from '@/lib/cn';

/**
 * Modal dialog (Radix): focus moves in and is trapped while open, Escape and the close button close it, and
 * focus returns to the element that opened it. Every dialog has a title (its accessible name) and, when
 * given, a description (aria-describedby).
 *
 *   <Dialog open={open} onOpenChange={setOpen} title="Pay Invoice" description="…" footer={<Button>Pay</Button>}>
 *     …form…
 *   </Dialog>
 *
 * Use `trigger` for an uncontrolled dialog opened by a button.
 */
export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered through Radix's Trigger with asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** While true, outside clicks and Escape do not close it (e.g. a payment in progress). */
  busy?: boolean;
  /** Where focus goes on opening (e.g. the field to fill in), instead of the first control (the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  busy = false,
  initialFocus,
}: DialogProps) {
  const { t } = useTranslation();
  const block = (event: Event) => {
    if (busy) event.preventDefault();
  };
  // Radix returns focus to its Trigger only; a dialog opened otherwise (a button's state, a timer) would leave
  // focus on the page body. Remember where focus was and go back there, unless something has moved it since.
  const returnFocus = useRef<HTMLElement | null>(null);
  const rememberFocus = (event: Event) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!initialFocus?.current) return;
    event.preventDefault();
    initialFocus.current.focus();
  };
  const restoreFocus = (event: Event) => {
    const target = returnFocus.current;
    const active = document.activeElement;
    const untouched = !active || active === document.body || (event.currentTarget as Node | null)?.contains(active);
    if (trigger || !target?.isConnected || !untouched) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberFocus}
          onCloseAutoFocus={restoreFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'animate-scale-in rounded-xl border border-border bg-surface text-fg shadow-xl focus:outline-none',
            SIZES[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-fg-muted">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              disabled={busy}
              className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg disabled:opacity-50 sm:size-9"
            >
              <XIcon className="size-5" aria-hidden="true" />
              <span className="sr-only">{t('close')}</span>
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-3 border-t border-border px-5 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The buttons of a form inside a dialog (a submit button must sit inside its form), drawn like the `footer`
 * prop's: across the bottom, divided from the content.
 */
export function DialogFooter({ children }: { children: ReactNode }) {
  // Stuck to the bottom of the scrolling content: on a short screen a long form's Save stays in view.
  return (
    <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-wrap justify-end gap-3 border-t border-border bg-surface px-5 py-4">
      {children}
    </div>
  );
}

/** Closes the enclosing Dialog; wrap a Button: <DialogClose asChild><Button variant="secondary">Cancel</Button></DialogClose>. */
export const DialogClose = RadixDialog.Close;
