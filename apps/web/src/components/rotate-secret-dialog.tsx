import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/field';
import { errorMessage } from '@/lib/api/client';

/**
 * Asks how long the current secret stays valid beside the new one, then rotates: the Admin screens'
 * shared step before the new secret is shown once (components/secret-once-dialog.tsx).
 */
export function RotateSecretDialog<T>({
  title,
  description,
  periodLabel,
  periods,
  periodText,
  rotate,
  onClose,
  onRotated,
  texts,
}: {
  title: string;
  description: string;
  periodLabel: string;
  /** Minutes the old secret stays valid; the dialog starts at a day. */
  periods: readonly number[];
  periodText: (minutes: number) => string;
  rotate: (minutes: number) => Promise<T>;
  onClose: () => void;
  onRotated: (answer: T) => void;
  texts: { rotate: string; rotating: string; failed: string };
}) {
  const { t: tc } = useTranslation();
  const [minutes, setMinutes] = useState<number>(1440);
  const rotation = useMutation({ mutationFn: () => rotate(minutes), onSuccess: onRotated });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      busy={rotation.isPending}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{tc('cancel')}</Button>
          </DialogClose>
          <Button loading={rotation.isPending} loadingText={texts.rotating} onClick={() => rotation.mutate()}>
            {texts.rotate}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {rotation.isError && <Banner tone="error">{errorMessage(rotation.error, texts.failed)}</Banner>}
        <Field label={periodLabel}>
          <Select value={String(minutes)} onChange={(event) => setMinutes(Number(event.target.value))}>
            {periods.map((period) => (
              <option key={period} value={period}>
                {periodText(period)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </Dialog>
  );
}
