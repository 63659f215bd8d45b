import { useTranslation } from '@/lib/i18n/translate';
import { appConfig, supportEmailHref, supportPhoneHref } from '@/config/app';
import { richText } from '@/lib/i18n/rich-text';

/** "Call {phone} or email {email}." with both as links (tel:/mailto:). */
export function SupportContact({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {richText(t('supportContact', { phone: appConfig.supportPhone, email: appConfig.supportEmail }), {
        phone: <a href={supportPhoneHref} className="text-link whitespace-nowrap" />,
        // An address breaks at its hyphen otherwise ("support@example-" / "telecom.com").
        email: <a href={supportEmailHref} className="text-link whitespace-nowrap" />,
      })}
    </p>
  );
}
