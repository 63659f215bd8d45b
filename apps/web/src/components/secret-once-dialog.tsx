import { Copy } from 'lucide-react';
import { useState, type ReactNode, type RefObject } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, Input, TextArea } from '@/components/ui/field';

export interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel: string;
  /** Said (role="status") once the value is on the clipboard. */
  copiedLabel: string;
  /** One line (a link) instead of a two-line box (a secret). */
  singleLine?: boolean;
}

/** A read-only value, selected whole on focus, with a button that copies it and says so. */
export function CopyField({ label, value, copyLabel, copiedLabel, singleLine = false }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();
  return (
    <div className="flex flex-col gap-2">
      <Field label={label}>
        {singleLine ? (
          <Input readOnly value={value} onFocus={select} className="font-mono text-xs" />
        ) : (
          <TextArea readOnly rows={2} value={value} onFocus={select} className="font-mono text-xs" />
        )}
      </Field>
      <div className="flex items-center gap-3">
        <Button size="sm" variant="secondary" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}>
          <Copy className="size-4" aria-hidden="true" />
          {copyLabel}
        </Button>
        <span role="status" className="text-sm text-success">
          {copied ? copiedLabel : ''}
        </span>
      </div>
    </div>
  );
}

export interface SecretOnceDialogProps {
  title: string;
  description?: string;
  /** That the value is not shown again (a warning banner); none for a value that only expires. */
  warning?: string;
  fields: readonly CopyFieldProps[];
  /** The one footer button, which closes it ("I have stored the secret", "Close"). */
  doneLabel: string;
  doneVariant?: 'primary' | 'secondary';
  onClose: () => void;
  /**
   * Where focus goes once it has closed: what opened it (a form dialog) is gone by then, so the page's
   * message of what was done takes it instead of the page's body.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** More read-only fields under the copyable ones. */
  children?: ReactNode;
}

/**
 * A value shown once (a new secret, a sign-in link): each field with its copy button, the warning that it
 * is not shown again, and one button to close. Webhooks, API clients and users share it.
 */
export function SecretOnceDialog({ title, description, warning, fields, doneLabel, doneVariant = 'primary', onClose, returnFocusTo, children }: SecretOnceDialogProps) {
  const close = () => {
    onClose();
    // After Radix has put focus back (to nothing, its opener being gone).
    if (returnFocusTo) setTimeout(() => returnFocusTo.current?.focus(), 0);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={title}
      description={description}
      footer={
        <DialogClose asChild>
          <Button variant={doneVariant}>{doneLabel}</Button>
        </DialogClose>
      }
    >
      <div className="flex flex-col gap-4">
        {warning && <Banner tone="warning">{warning}</Banner>}
        {fields.map((field) => (
          <CopyField key={field.label} {...field} />
        ))}
        {children}
      </div>
    </Dialog>
  );
}
