import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ToggleSwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Visible label (the accessible name). */
  label: ReactNode;
  /** Extra text announced with the switch (aria-describedby). */
  description?: ReactNode;
  disabled?: boolean;
  /** State words beside the track, so the state is never told by colour alone (Enabled / Disabled). */
  stateText: { on: ReactNode; off: ReactNode };
}

/**
 * On/off switch: a native button with role="switch" and aria-checked (Space and Enter toggle it). Same look
 * and API as the shell's Switch, without its Radix runtime: the payments screen is the heaviest route and
 * must stay within the 200 KB budget (decisions §9).
 */
export function ToggleSwitch({ checked, onCheckedChange, label, description, disabled, stateText }: ToggleSwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="flex items-center gap-3">
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
        <label id={labelId} htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <span aria-hidden="true" className="text-sm text-fg-muted">
          {checked ? stateText.on : stateText.off}
        </span>
        {description && (
          <span id={descriptionId} className="text-sm text-fg-muted">
            {description}
          </span>
        )}
      </div>
    </div>
  );
}
