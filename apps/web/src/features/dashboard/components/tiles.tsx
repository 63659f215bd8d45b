import { Activity, CreditCard, FileText, IdCard } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The spec's three tiles and Usage beside Invoices & Billing; on wide screens they are the way to these pages (the top menu lists them on phones). */
export function Tiles() {
  const { t } = useTranslation('dashboard');
  const tiles = [
    { to: paths.invoices, icon: FileText, title: t('tiles.invoicesTitle'), text: t('tiles.invoicesText') },
    { to: paths.usage, icon: Activity, title: t('tiles.usageTitle'), text: t('tiles.usageText') },
    { to: paths.payments, icon: CreditCard, title: t('tiles.paymentsTitle'), text: t('tiles.paymentsText') },
    { to: paths.profile, icon: IdCard, title: t('tiles.accountTitle'), text: t('tiles.accountText') },
  ];
  return (
    <nav aria-label={t('tiles.label')} className="mt-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group flex h-full items-start gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm transition hover:border-brand-text/40 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-subtle text-brand-text"
              >
                <tile.icon className="size-5" />
              </span>
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-fg group-hover:text-brand-text">{tile.title}</span>
                <span className="text-sm text-fg-muted">{tile.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
