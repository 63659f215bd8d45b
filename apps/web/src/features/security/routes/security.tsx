import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { PasskeysCard } from '../components/passkeys-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { securityLocales } from '../locales';

await registerLocales('security', securityLocales);

type Notice = { tone: 'success' | 'info' | 'error'; text: string };

/**
 * /security: how the person is signed in, one section each — the live sessions, two-factor sign-in and
 * passkeys. The last action's outcome shows in a banner that takes focus, so keyboard and
 * screen reader users land on it rather than on a button that has gone.
 */
export function SecurityPage() {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  usePageTitle(t('title'));
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('intro')}
        back={<BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>}
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="outline-none">
            <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Banner>
          </div>
        )}
        <SessionsCard
          onSuccess={(text) => setNotice({ tone: 'success', text })}
          onError={(text, cause) => {
            console.error(text, cause ?? '');
            setNotice({ tone: 'error', text });
          }}
        />
        <TwoFactorCard
          onSuccess={(text) => setNotice({ tone: 'success', text })}
          onInfo={(text) => setNotice({ tone: 'info', text })}
          onError={(text, cause) => {
            console.error(text, cause ?? '');
            setNotice({ tone: 'error', text });
          }}
        />
        <PasskeysCard
          onSuccess={(text) => setNotice({ tone: 'success', text })}
          onInfo={(text) => setNotice({ tone: 'info', text })}
          onError={(text, cause) => {
            console.error(text, cause ?? '');
            setNotice({ tone: 'error', text });
          }}
        />
      </div>
    </>
  );
}

export { SecurityPage as Component };
