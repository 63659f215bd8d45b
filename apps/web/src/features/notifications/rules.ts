/** How a notification is worded on screen: from its event's facts in the page's language, else the stored text. Pure. */
import type { Notification, NotificationEventData } from '@portal/contract';

export interface Wording {
  /** i18next `t` of the `notifications` namespace. */
  t: (key: string, values?: Record<string, unknown>) => string;
  money: (amount: string, currency: string) => string;
  day: (day: string) => string;
  /** A whole number (minutes, texts, MB) in the page's language. */
  number: (n: string) => string;
}

const reasonText = (reason: string): string => reason.trim().replace(/\.+$/, '');
const expiryOf = (card: { expMonth: number; expYear: number }) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

type Data<E extends keyof NotificationEventData> = NotificationEventData[E];

/** A usage alert: the allowance, the use so far and the days left (docs/decisions/0033-usage-alerts-and-spending-limits.md). */
const usageAlertText = (d: Data<'usage_alert'>, { t, money, number }: Wording): string => {
  const days = t('usageDaysLeft', { count: d.daysLeft });
  switch (d.alert) {
    case 'voice':
    case 'sms':
    case 'data':
      return t(`events.usage_alert_${d.alert}`, { percent: d.percent, used: number(d.used), included: number(d.included ?? '0'), days });
    case 'roaming':
      return t('events.usage_alert_roaming', { percent: d.percent, used: money(d.used, d.currency), amount: money(d.amount ?? '0', d.currency), days });
    case 'roaming_started':
      return t('events.usage_alert_roaming_started', { used: money(d.used, d.currency), days });
    case 'overage':
    case 'limit':
      return t(`events.usage_alert_${d.alert}`, { used: money(d.used, d.currency), amount: money(d.amount ?? '0', d.currency), days });
  }
};

export const notificationText = (notification: Pick<Notification, 'kind' | 'message' | 'data'>, wording: Wording): string => {
  const { t, money, day } = wording;
  const data = notification.data as Record<string, unknown> | null;
  if (!data) return notification.message;
  switch (notification.kind) {
    case 'invoice_posted': {
      const d = data as Data<'invoice_posted'>;
      return t('events.invoice_posted', { invoiceNumber: d.invoiceNumber, amount: money(d.amount, d.currency), dueDate: day(d.dueDate) });
    }
    case 'payment_succeeded': {
      const d = data as Data<'payment_succeeded'>;
      return t('events.payment_succeeded', { amount: money(d.amount, d.currency) });
    }
    case 'payment_failed': {
      const d = data as Data<'payment_failed'>;
      return t(d.automatic ? 'events.payment_failed_automatic' : 'events.payment_failed', { amount: money(d.amount, d.currency), reason: reasonText(d.reason) });
    }
    case 'autopay_scheduled': {
      const d = data as Data<'autopay_scheduled'>;
      return t('events.autopay_scheduled', { amount: money(d.amount, d.currency), date: day(d.date) });
    }
    case 'card_expiring':
    case 'card_expired': {
      const d = data as Data<'card_expiring'>;
      return t(`events.${notification.kind}`, { brand: d.brand, last4: d.last4, expiry: expiryOf(d) });
    }
    case 'dispute_status_changed': {
      const d = data as Data<'dispute_status_changed'>;
      const status = t(`disputeStatus.${d.status}`, { defaultValue: d.status });
      if (d.status === 'Resolved' && d.creditedAmount && d.currency) {
        const credit = money(d.creditedAmount, d.currency);
        return d.invoiceNumber
          ? t('events.dispute_resolved_credit', { invoiceNumber: d.invoiceNumber, credit })
          : t('events.dispute_resolved_credit_plain', { credit });
      }
      return d.invoiceNumber ? t('events.dispute_status_changed', { invoiceNumber: d.invoiceNumber, status }) : t('events.dispute_status_changed_plain', { status });
    }
    case 'usage_alert':
      return usageAlertText(data as Data<'usage_alert'>, wording);
    case 'arrangement_broken': {
      const d = data as Data<'arrangement_broken'>;
      return t('events.arrangement_broken', { date: day(d.missedDate), amount: money(d.unpaid, d.currency) });
    }
    default:
      return notification.message;
  }
};
