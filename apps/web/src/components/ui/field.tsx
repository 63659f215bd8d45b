import {
  createContext,
  forwardRef,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useTranslation } from '@/lib/i18n/translate';
import { cn } from '@/lib/cn';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** Ids and state of the enclosing <Field>, for custom controls. */
export const useField = () => useContext(FieldContext);

export interface FieldProps {
  label: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error text; marks the control aria-invalid and links the text with aria-describedby. */
  error?: ReactNode;
  /** Adds "(required)" for sighted users; also put `required`/`aria-required` on the control. */
  required?: boolean;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  className?: string;
  /** Force an id on the control (else one is generated). */
  id?: string;
  children: ReactNode;
}

/**
 * Label + control + hint + error. The control inside (Input, Select or anything reading `useField()`) gets the
 * id, aria-describedby and aria-invalid automatically:
 *
 *   <Field label="Username" error={errors.username?.message}><Input {...register('username')} /></Field>
 */
export function Field({ label, hint, error, required = false, hideLabel, className, id, children }: FieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error), required }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={controlId} className={cn('text-sm font-medium text-fg', hideLabel && 'sr-only')}>
          {label}
          {required && <span className="ml-1 font-normal text-fg-muted">{t('requiredMarker')}</span>}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-fg-muted">
            {hint}
          </p>
        )}
        {children}
        {error && (
          <p id={errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}

const CONTROL =
  'block w-full min-h-11 sm:min-h-10 rounded-lg border border-border-strong bg-surface px-3 text-base sm:text-sm text-fg ' +
  'placeholder:text-fg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:bg-surface-2 disabled:opacity-70 read-only:bg-surface-2 ' +
  'aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger';

const useControlProps = (props: { id?: string; 'aria-describedby'?: string; required?: boolean }) => {
  const field = useField();
  return {
    id: props.id ?? field?.id,
    'aria-describedby': [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined,
    'aria-invalid': field?.invalid || undefined,
    required: props.required ?? (field?.required || undefined),
  };
};

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** Text-like input; 16 px text on phones so iOS does not zoom on focus. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  const wired = useControlProps(props);
  return <input ref={ref} {...props} {...wired} className={cn(CONTROL, 'py-2', className)} />;
});

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** Multi-line text, styled like Input; a long unbroken value (a key, a link) wraps instead of being cut. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ className, ...props }, ref) {
  const wired = useControlProps(props);
  return <textarea ref={ref} {...props} {...wired} className={cn(CONTROL, 'resize-none py-2 break-all', className)} />;
});

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/** Native select (the most accessible picker on every platform), styled like Input. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, children, ...props }, ref) {
  const wired = useControlProps(props);
  return (
    <div className="relative">
      <select ref={ref} {...props} {...wired} className={cn(CONTROL, 'appearance-none py-2 pr-10', className)}>
        {children}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
        aria-hidden="true"
      />
    </div>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** Checkbox with its label on the right; the whole row is the 44 px touch target. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hint, error, className, id, ...props },
  ref,
) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-fg sm:min-h-8">
        <input
          ref={ref}
          id={controlId}
          type="checkbox"
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          className="size-5 shrink-0 cursor-pointer rounded border-border-strong accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          {...props}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="ml-8 text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ml-8 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
