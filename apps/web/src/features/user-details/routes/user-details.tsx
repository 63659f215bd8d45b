import { useTranslation } from '@/lib/i18n/translate';
import { Navigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody } from '@/components/ui/card';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { registerLocales } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/session/session-store';
import { usePageTitle } from '@/lib/use-page-title';
import { userDetailsLocales } from '../locales';

await registerLocales('user-details', userDetailsLocales);

/** /user/details, "Profile (user details)": Name; for Admin also Roles, Scopes and Locations. */
export function UserDetailsPage() {
  const { t } = useTranslation('user-details');
  const { t: tc } = useTranslation();
  usePageTitle(t('title'));
  const session = useSession();
  if (!session) return <Navigate to={paths.login} replace />;

  // An administrator reaches every account without scopes of their own: "None" would say the opposite.
  const list = (items: readonly string[], whenNone: string = t('none')) =>
    items.length ? (
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item}>
            <Badge tone="neutral" className="font-mono">
              {item}
            </Badge>
          </li>
        ))}
      </ul>
    ) : (
      <span className="text-fg-muted">{whenNone}</span>
    );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('intro')}
        back={<BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>}
      />
      <Card className="max-w-2xl">
        <CardBody>
          <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-medium text-fg-muted">{t('name')}</dt>
            <dd className="font-medium">{session.name}</dd>
            {session.isAdmin && (
              <>
                <dt className="text-sm font-medium text-fg-muted">{t('roles')}</dt>
                <dd>{list(session.roles)}</dd>
                <dt className="text-sm font-medium text-fg-muted">{t('scopes')}</dt>
                <dd>{list(session.scopes, t('scopesOfAdmin'))}</dd>
                <dt className="text-sm font-medium text-fg-muted">{t('locations')}</dt>
                <dd>{list(session.accounts.map(String), t('locationsOfAdmin'))}</dd>
              </>
            )}
          </dl>
        </CardBody>
      </Card>
    </>
  );
}

export { UserDetailsPage as Component };
