import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface RadioOptionProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown at the right of the label (e.g. an amount or a badge). */
  aside?: ReactNode;
  /** Shown before the label (e.g. a card brand mark). */
  icon?: ReactNode;
}

/**
 * A native radio button drawn as a selectable card: the whole card is the label (a large touch target), arrow
 * keys move within its group, and the chosen card is marked by its border, background and the radio dot.
 */
export function RadioOption({ label, hint, aside, icon, className, id, ...input }: RadioOptionProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-border bg-surface px-4 py-3 text-sm',
        'hover:bg-surface-2 has-[:checked]:border-brand has-[:checked]:bg-brand-subtle/50',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
        className,
      )}
    >
      <input id={id} type="radio" className="mt-0.5 size-4 shrink-0 accent-brand focus-visible:outline-none" {...input} />
      {icon}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-medium text-fg">{label}</span>
        {hint && <span className="text-fg-muted">{hint}</span>}
      </span>
      {aside && <span className="shrink-0 font-semibold text-fg tabular-nums">{aside}</span>}
    </label>
  );
}

export interface RadioChoice<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  aside?: ReactNode;
}

export interface RadioGroupProps<T extends string> {
  /** Unique on the page: the group's name and the prefix of each option's id. */
  name: string;
  legend: ReactNode;
  choices: readonly RadioChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Shown under the options (e.g. the field a choice reveals). */
  children?: ReactNode;
}

/** One choice among a few, as a fieldset of `RadioOption` cards under its legend. */
export function RadioGroup<T extends string>({ name, legend, choices, value, onChange, disabled, children }: RadioGroupProps<T>) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      {choices.map((choice) => (
        <RadioOption
          key={choice.value}
          id={`${name}-${choice.value}`}
          name={name}
          checked={value === choice.value}
          onChange={() => onChange(choice.value)}
          label={choice.label}
          hint={choice.hint}
          aside={choice.aside}
        />
      ))}
      {children}
    </fieldset>
  );
}
