import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export interface IdleWarningDialogProps {
  open: boolean;
  staying: boolean;
  stayFailed: boolean;
  onStay: () => void;
  onLogOut: () => void;
}

/**
 * "Are you still there?": shown a minute before the idle logout. Closing it (Escape, the close button) counts
 * as staying: whoever closes it is there.
 */
export function IdleWarningDialog({ open, staying, stayFailed, onStay, onLogOut }: IdleWarningDialogProps) {
  const { t } = useTranslation('session-idle');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={t('title')}
      description={t('text')}
      size="sm"
      busy={staying}
      footer={
        <>
          <Button variant="secondary" onClick={onLogOut} disabled={staying}>
            {t('logOut')}
          </Button>
          <Button variant="primary" loading={staying} loadingText={t('staying')} onClick={onStay}>
            {t('stay')}
          </Button>
        </>
      }
    >
      {stayFailed && <Banner tone="error">{t('stayFailed')}</Banner>}
    </Dialog>
  );
}
