import { NOTIFICATION_PREFERENCE_EVENTS, type NotificationPreferences } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { preferencesQuery, savePreferences } from '../api/notifications';

/**
 * Account Information's "Email notifications": per event, whether the signed-in person is emailed (all on until
 * they choose). Saved together with one button; the notifications under the bell are not affected.
 */
export function EmailPreferences() {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const stored = useQuery(preferencesQuery());
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardHeader title={t('preferences.title')} titleId={titleId} description={t('preferences.intro')} icon={<Mail />} />
      <CardBody>
        {stored.isPending ? (
          <div aria-busy="true">
            <span className="sr-only">{t('preferences.loading')}</span>
            <Skeleton className="h-40 w-full" />
          </div>
        ) : stored.isError ? (
          <Banner tone="error">{t('preferences.loadError')}</Banner>
        ) : (
          <PreferencesForm stored={stored.data} />
        )}
      </CardBody>
    </Card>
  );
}

function PreferencesForm({ stored }: { stored: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(stored);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQuery().queryKey, saved);
      setChoices(saved);
      setNotice({ tone: 'success', text: t('preferences.saved') });
    },
    onError: () => setNotice({ tone: 'error', text: t('preferences.saveError') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(choices);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="sr-only">{t('preferences.title')}</legend>
        <ul className="flex flex-col gap-3">
          {NOTIFICATION_PREFERENCE_EVENTS.map((event) => (
            <li key={event}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand"
                  checked={choices[event]}
                  onChange={(e) => {
                    setNotice(null);
                    setChoices({ ...choices, [event]: e.target.checked });
                  }}
                />
                {t(`preferences.events.${event}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <div>
        <Button type="submit" loading={save.isPending} loadingText={t('preferences.saving')}>
          {t('preferences.save')}
        </Button>
      </div>
    </form>
  );
}
