import { useTranslation } from '@/lib/i18n/translate';
import { ExternalLink } from '@/components/ui/external-link';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** Privacy policy and terms of use, opening in a new tab so a form in progress is not lost. */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-5 gap-y-1', className)}>
      <li>
        <ExternalLink href={paths.privacyPolicy} className="min-h-11 text-link sm:min-h-0">
          {t('privacyPolicy')}
        </ExternalLink>
      </li>
      <li>
        <ExternalLink href={paths.termsOfUse} className="min-h-11 text-link sm:min-h-0">
          {t('termsOfUse')}
        </ExternalLink>
      </li>
    </ul>
  );
}
