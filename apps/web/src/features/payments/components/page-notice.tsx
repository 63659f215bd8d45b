import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';

/**
 * A text, or the key of one in the `payments` namespace: a key is translated when shown, so a notice raised
 * while the account's language is still being applied (coming back from the checkout) reads in that language.
 */
type NoticeText = string | { key: string };
type Notice = { tone: 'error' | 'success'; text: NoticeText; takeFocus: boolean };

export interface NoticeOptions {
  /**
   * Whether the banner takes focus (default). A dialog whose opener stays on the page passes false: closing it
   * puts focus back on its opener (docs/decisions/0015-screens-fit-a-phone.md), and the banner, a status, is announced without it.
   */
  takeFocus?: boolean;
}

export interface PageNotice {
  notice: Notice | null;
  ref: RefObject<HTMLDivElement | null>;
  success: (text: NoticeText, options?: NoticeOptions) => void;
  /** Errors on this screen show in a red banner and are logged. */
  error: (text: NoticeText, cause?: unknown) => void;
  dismiss: () => void;
}

/**
 * The outcome of the screen's last action. The banner takes focus once an action is over (lists re-read), so
 * keyboard and screen reader users land on its outcome rather than on a button that may have gone — unless the
 * action ended in a dialog whose opener is still there, which gets focus back instead (`takeFocus: false`).
 */
export function usePageNotice(): PageNotice {
  const [notice, setNotice] = useState<Notice | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.takeFocus) ref.current?.focus();
  }, [notice]);
  return {
    notice,
    ref,
    success: (text, { takeFocus = true } = {}) => setNotice({ tone: 'success', text, takeFocus }),
    error: (text, cause) => {
      console.error(text, cause ?? '');
      setNotice({ tone: 'error', text, takeFocus: true });
    },
    dismiss: () => setNotice(null),
  };
}

/** The screen's banners: the last action's outcome, and a failed re-read of the cards. */
export function PageNoticeBanners({ notice, refreshFailed }: { notice: PageNotice; refreshFailed: boolean }) {
  const { t } = useTranslation('payments');
  if (!notice.notice && !refreshFailed) return null;
  return (
    <div ref={notice.ref} tabIndex={-1} className="flex flex-col gap-3 outline-none">
      {refreshFailed && <Banner tone="error">{t('page.refreshError')}</Banner>}
      {notice.notice && (
        <Banner tone={notice.notice.tone} onDismiss={notice.dismiss}>
          {typeof notice.notice.text === 'string' ? notice.notice.text : t(notice.notice.text.key)}
        </Banner>
      )}
    </div>
  );
}
