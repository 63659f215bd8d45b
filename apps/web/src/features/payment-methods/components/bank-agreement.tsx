import { useId } from 'react';
import { agreementParagraphs, type BankDebitAgreement } from '@portal/contract/bank-debit';
import { Checkbox } from '@/components/ui/field';
import { appConfig } from '@/config/app';

export interface BankAgreementProps {
  agreement: BankDebitAgreement;
  /** The agreement's language (the account's), for screen readers. */
  lang: 'en' | 'fr';
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}

/**
 * The bank debit agreement (docs/decisions/0035-bank-debit.md), in the account's language, scrollable by keyboard,
 * and the box that accepts it. Nothing is saved until it is ticked.
 */
export function BankAgreement({ agreement, lang, accepted, onAcceptedChange, error, disabled }: BankAgreementProps) {
  const titleId = useId();
  return (
    <div className="flex flex-col gap-3" lang={lang}>
      <section
        aria-labelledby={titleId}
        // Focusable so a keyboard can scroll it.
        tabIndex={0}
        className="max-h-56 overflow-y-auto rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <h3 id={titleId} className="mb-2 font-semibold">
          {agreement.title}
        </h3>
        {agreementParagraphs(agreement, appConfig.productName).map((paragraph) => (
          <p key={paragraph} className="mb-2 last:mb-0">
            {paragraph}
          </p>
        ))}
      </section>
      <Checkbox
        label={agreement.accept}
        checked={accepted}
        disabled={disabled}
        error={error ?? undefined}
        onChange={(event) => onAcceptedChange(event.target.checked)}
      />
    </div>
  );
}
