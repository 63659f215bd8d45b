import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { CheckIcon } from './icons';

/** One entry of a Menu. */
export type MenuEntry =
  | { kind: 'link'; to: string; label: ReactNode; icon?: ReactNode; textValue?: string }
  | { kind: 'action'; onSelect: () => void; label: ReactNode; icon?: ReactNode; textValue?: string }
  | {
      kind: 'radio';
      checked: boolean;
      onSelect: () => void;
      label: ReactNode;
      icon?: ReactNode;
      lang?: string;
      textValue?: string;
    }
  | { kind: 'label'; label: ReactNode }
  | { kind: 'separator' };

export interface MenuProps {
  /** Accessible name of the menu (and of the trigger, unless the trigger has visible text). */
  label: string;
  /** Content of the trigger button. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** Whether `label` is added to the trigger for screen readers (when the trigger shows only an icon). */
  labelTrigger?: boolean;
  entries: readonly MenuEntry[];
  align?: 'start' | 'end';
  className?: string;
}

type Actionable = Extract<MenuEntry, { kind: 'link' | 'action' | 'radio' }>;
const isActionable = (entry: MenuEntry): entry is Actionable =>
  entry.kind === 'link' || entry.kind === 'action' || entry.kind === 'radio';

const ITEM =
  'relative flex min-h-11 w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 text-left text-sm text-fg outline-none select-none sm:min-h-9 ' +
  'focus:bg-surface-2 hover:bg-surface-2 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-fg-muted';

/**
 * A light menu button (WAI-ARIA menu button pattern) with link, action and radio items:
 * Enter/Space/↓ open it on the first item (↑ on the last), ↑/↓/Home/End move, typing a letter jumps,
 * Enter/Space activate, Escape closes and returns focus to the trigger, Tab closes, a click outside closes.
 *
 * It needs no positioning engine, which keeps the portal shell and the public pages small (docs/decisions/0009-performance-budgets.md).
 * Radix `DropdownMenu` (dropdown-menu.tsx) remains the choice for menus that need collision handling,
 * submenus or checkbox items.
 */
export function Menu({ label, trigger, triggerClassName, labelTrigger = false, entries, align = 'end', className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const items = entries.filter(isActionable);

  const openAt = (index: number) => {
    setActive((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const checkedIndex = Math.max(
    items.findIndex((item) => item.kind === 'radio' && item.checked),
    0,
  );

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : checkedIndex);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const activate = (item: Actionable) => {
    if (item.kind === 'link') {
      // Let the link navigate; only close the menu (focus moves to the new page's heading).
      setOpen(false);
      return;
    }
    item.onSelect();
    close(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive((moves[event.key]! + items.length) % items.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if ((event.key === 'Enter' || event.key === ' ') && items[active]?.kind !== 'link') {
      event.preventDefault();
      activate(items[active]!);
    } else if (event.key === ' ' && items[active]?.kind === 'link') {
      event.preventDefault();
      itemRefs.current[active]?.click();
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Type-ahead: next item whose text starts with the typed letter.
      const letter = event.key.toLocaleLowerCase();
      const text = (item: Actionable, i: number) =>
        (item.textValue ?? itemRefs.current[i]?.textContent ?? '').trim().toLocaleLowerCase();
      for (let step = 1; step <= items.length; step += 1) {
        const index = (active + step) % items.length;
        if (text(items[index]!, index).startsWith(letter)) {
          setActive(index);
          break;
        }
      }
    }
  };

  let itemIndex = -1;
  return (
    <div className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        className={triggerClassName}
        onClick={() => (open ? close(false) : openAt(checkedIndex))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
        {labelTrigger && <span className="sr-only">{label}</span>}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute z-50 mt-1.5 max-h-[calc(100dvh-5rem)] w-max max-w-[calc(100vw-1rem)] min-w-56 animate-fade-in overflow-y-auto rounded-xl border border-border bg-surface p-1.5 shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {entries.map((entry, position) => {
            if (entry.kind === 'separator')
              return <div key={position} role="separator" className="-mx-1.5 my-1.5 h-px bg-border" />;
            if (entry.kind === 'label')
              return (
                <div key={position} role="presentation" className="px-3 py-2 text-xs font-semibold text-fg-muted">
                  {entry.label}
                </div>
              );
            itemIndex += 1;
            const index = itemIndex;
            const common = {
              ref: (el: HTMLElement | null) => {
                itemRefs.current[index] = el;
              },
              tabIndex: -1,
              className: cn(ITEM, entry.kind === 'radio' && 'pr-9'),
              onMouseMove: () => active !== index && setActive(index),
            };
            if (entry.kind === 'link') {
              return (
                <Link key={position} to={entry.to} role="menuitem" onClick={() => activate(entry)} {...common}>
                  {entry.icon}
                  {entry.label}
                </Link>
              );
            }
            return (
              <div
                key={position}
                role={entry.kind === 'radio' ? 'menuitemradio' : 'menuitem'}
                aria-checked={entry.kind === 'radio' ? entry.checked : undefined}
                lang={entry.kind === 'radio' ? entry.lang : undefined}
                onClick={() => activate(entry)}
                {...common}
              >
                {entry.icon}
                {entry.label}
                {entry.kind === 'radio' && entry.checked && <CheckIcon className="absolute right-3 size-4 text-brand-text" />}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
