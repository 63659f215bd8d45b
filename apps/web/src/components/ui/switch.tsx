import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Visible label (the accessible name). */
  label: ReactNode;
  /** Extra text announced with the switch, e.g. the current status. */
  description?: ReactNode;
  disabled?: boolean;
  hideLabel?: boolean;
  /** State words shown beside the track, so the state is not told by colour alone (e.g. Enabled / Disabled). */
  stateText?: { on: ReactNode; off: ReactNode };
  className?: string;
}

/** On/off switch (Radix, role="switch" with aria-checked); Space toggles it. */
export function Switch({ checked, onCheckedChange, label, description, disabled, hideLabel, stateText, className }: SwitchProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={descriptionId}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
          'bg-border-strong data-[state=checked]:bg-brand disabled:cursor-not-allowed disabled:opacity-50',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          // Invisible padding brings the touch target to 44 px without changing the look.
          'before:absolute before:-inset-2 before:content-[""]',
        )}
      >
        <RadixSwitch.Thumb className="pointer-events-none block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </RadixSwitch.Root>
      <div className="flex flex-col">
        <label htmlFor={id} className={cn('text-sm font-medium text-fg', hideLabel && 'sr-only')}>
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
