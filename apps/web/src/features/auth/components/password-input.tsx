import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { forwardRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Input, type InputProps } from '@/components/ui/field';

/** Password input with a show/hide button (helps people with motor or memory impairments, WCAG 3.3.8). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function PasswordInput(props, ref) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} {...props} type={visible ? 'text' : 'password'} className="pr-12" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-fg-muted hover:text-fg"
      >
        {visible ? <EyeOffIcon className="size-5" aria-hidden="true" /> : <EyeIcon className="size-5" aria-hidden="true" />}
        <span className="sr-only">{t('showPassword')}</span>
      </button>
    </div>
  );
});
