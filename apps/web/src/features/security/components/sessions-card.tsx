import { SESSION_IDLE_MINUTES_DEFAULT, type SessionSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverTextOr } from '@/lib/api/server-text';
import { useFormat } from '@/lib/i18n/use-format';
import { useSession } from '@/lib/session/session-store';
import { sessionsQuery } from '../api/get-sessions';
import { lastSeen, orderSessions, sessionDevice } from '../rules';
import { EndOtherSessionsDialog, EndSessionDialog, preloadSessionDialogs } from './lazy-dialogs';

export interface SessionsCardProps {
  onSuccess: (text: string) => void;
  onError: (text: string, cause?: unknown) => void;
}

/** "Where you are signed in": every live session, this device first, each other one with "End session". */
export function SessionsCard({ onSuccess, onError }: SessionsCardProps) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const sessions = useQuery(sessionsQuery());
  const idleMinutes = useSession()?.idleMinutes ?? SESSION_IDLE_MINUTES_DEFAULT;
  const [ending, setEnding] = useState<SessionSummary | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);

  useEffect(preloadSessionDialogs, []);

  const list = sessions.data ? orderSessions(sessions.data) : [];
  const hasOthers = list.some((session) => !session.current);

  return (
    <Card as="section" aria-labelledby="sessions-title">
      <CardHeader
        title={t('sessions.title')}
        titleId="sessions-title"
        description={t('sessions.intro', { minutes: idleMinutes })}
        icon={<MonitorSmartphone />}
      />
      <CardBody>
        {sessions.isError ? (
          <Banner tone="error">
            {t('sessions.loadError')}{' '}
            <Button variant="link" onClick={() => void sessions.refetch()}>
              {tc('retry')}
            </Button>
          </Banner>
        ) : !sessions.data ? (
          <div aria-busy="true">
            <span role="status" className="sr-only">
              {t('sessions.loading')}
            </span>
            <Skeleton className="h-14 w-full" />
          </div>
        ) : (
          <>
            <ul aria-label={t('sessions.listLabel')} className="divide-y divide-border">
              {list.map((session) => (
                <SessionItem key={session.id} session={session} onEnd={() => setEnding(session)} />
              ))}
            </ul>
            <div className="mt-4 border-t border-border pt-4">
              {hasOthers ? (
                <Button variant="secondary" onClick={() => setEndingOthers(true)} className="w-full sm:w-auto">
                  <LogOut className="size-4" aria-hidden="true" />
                  {t('sessions.endOthers')}
                </Button>
              ) : (
                <p className="text-sm text-fg-muted">{t('sessions.noOthers')}</p>
              )}
            </div>
          </>
        )}
      </CardBody>
      <EndSessionDialog
        open={ending !== null}
        session={ending}
        onClose={() => setEnding(null)}
        onEnded={(session) => onSuccess(t('notice.ended', { device: sessionDevice(session, t) }))}
        onFailed={(error) => onError(serverTextOr(error, t('notice.endFailed')), error)}
      />
      <EndOtherSessionsDialog
        open={endingOthers}
        onClose={() => setEndingOthers(false)}
        onEnded={() => onSuccess(t('notice.othersEnded'))}
        onFailed={(error) => onError(serverTextOr(error, t('notice.othersFailed')), error)}
      />
    </Card>
  );
}

function SessionItem({ session, onEnd }: { session: SessionSummary; onEnd: () => void }) {
  const { t } = useTranslation('security');
  const { language } = useFormat();
  const seen = lastSeen(session.lastSeenAt, Date.now());
  const dateTime = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const seenText =
    seen.kind === 'now'
      ? t('sessions.activeNow')
      : t('sessions.lastActive', {
          when: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-seen.value, seen.unit),
        });
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {sessionDevice(session, t)}
          {session.current && <Badge tone="success">{t('sessions.thisDevice')}</Badge>}
        </p>
        <p className="mt-1 text-sm text-fg-muted">{t('sessions.place', { place: session.place })}</p>
        <p className="text-sm text-fg-muted">
          <time dateTime={session.lastSeenAt} title={dateTime.format(new Date(session.lastSeenAt))}>
            {seenText}
          </time>
          {' · '}
          <time dateTime={session.createdAt}>
            {t('sessions.signedIn', { when: dateTime.format(new Date(session.createdAt)) })}
          </time>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onEnd}
          className="w-full shrink-0 sm:w-auto"
          // Which session, for screen readers; it starts with the visible words (WCAG 2.5.3).
          aria-label={t('sessions.endLabel', { device: sessionDevice(session, t), place: session.place })}
        >
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
