import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Visible label (the accessible name). */
  label: ReactNode;
  /** Extra text announced with the switch (aria-describedby), e.g. the current status. */
  description?: ReactNode;
  disabled?: boolean;
  hideLabel?: boolean;
  /** State words shown beside the track, so the state is not told by colour alone (e.g. Enabled / Disabled). */
  stateText?: { on: ReactNode; off: ReactNode };
  className?: string;
}

/**
 * On/off switch: a native button with role="switch" and aria-checked (Space and Enter toggle it). No
 * component library behind it: the switch sits on the heaviest route (payments), which must stay within
 * the 200 KB budget (docs/decisions/0009-performance-budgets.md).
 */
export function Switch({ checked, onCheckedChange, label, description, disabled, hideLabel, stateText, className }: SwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
          checked ? 'bg-brand' : 'bg-border-strong',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          // Invisible padding brings the touch target to 44 px without changing the look.
          'before:absolute before:-inset-2 before:content-[""]',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'pointer-events-none block size-6 rounded-full bg-white shadow transition-transform',
            checked && 'translate-x-5',
          )}
        />
      </button>
      <div className="flex flex-col">
        <label id={labelId} htmlFor={id} className={cn('text-sm font-medium text-fg', hideLabel && 'sr-only')}>
          {label}
        </label>
        {stateText && (
          <span aria-hidden="true" className="text-sm text-fg-muted">
            {checked ? stateText.on : stateText.off}
          </span>
        )}
        {description && (
          <span id={descriptionId} className="text-sm text-fg-muted">
            {description}
          </span>
        )}
      </div>
    </div>
  );
}
