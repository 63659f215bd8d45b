/** Texts of the notifications, in the account's language, and each event occurrence's unique key. Pure. */
import { PAYMENT_FAILURE_TEXTS, paymentFailureReasonOf, type NotificationEvent, type NotificationEventData } from '@portal/contract';
import type { DocumentLanguage, Texts } from '../../lib/language';

const LOCALE_BY_CURRENCY: Record<string, string> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB', EUR: 'de-DE' };

/**
 * Display only (English locales by currency, Canadian French in French): the amount is a DB decimal
 * string, never used for arithmetic here.
 */
export const formatAmount = (amount: string, currency: string, language: DocumentLanguage = 'en'): string =>
  new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : (LOCALE_BY_CURRENCY[currency] ?? 'en-US'), { style: 'currency', currency })
    .format(Number(amount))
    .replace(/\u202f/g, '\u00a0');

/** "Jan 5, 2026" / "5 janv. 2026" for a calendar date `YYYY-MM-DD`. */
export const formatDay = (day: string, language: DocumentLanguage = 'en'): string =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const cardExpiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

const reasonText = (reason: string): string => reason.trim().replace(/\.+$/, '');

/** A failed payment's reason in the account's language when its code is known, else as it was recorded. */
const failureText = (d: NotificationEventData['payment_failed'], language: DocumentLanguage): string =>
  reasonText(d.failureReason ? PAYMENT_FAILURE_TEXTS[language][paymentFailureReasonOf(d.failureReason)] : d.reason);

type Sentences = { [E in NotificationEvent]: (data: NotificationEventData[E], money: (amount: string, currency: string) => string, day: (d: string) => string) => string };

const DISPUTE_STATUS: Texts<Record<string, string>> = {
  en: { Open: 'open', UnderReview: 'under review', 'Under review': 'under review', Resolved: 'resolved', Rejected: 'rejected' },
  fr: { Open: 'ouverte', UnderReview: 'en cours d’examen', 'Under review': 'en cours d’examen', Resolved: 'résolue', Rejected: 'rejetée' },
};

type UsageAlert = NotificationEventData['usage_alert'];
type Money = (amount: string, currency: string) => string;

const UNITS: Texts<Record<'voice' | 'sms' | 'data', { name: string; unit: string }>> = {
  en: { voice: { name: 'voice minutes', unit: 'minutes' }, sms: { name: 'texts', unit: 'texts' }, data: { name: 'data', unit: 'MB' } },
  fr: { voice: { name: 'vos minutes d’appels', unit: 'minutes' }, sms: { name: 'vos textos', unit: 'textos' }, data: { name: 'vos données', unit: 'Mo' } },
};

const count = (n: string, language: DocumentLanguage) => new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US').format(Number(n)).replace(/\u202f/g, '\u00a0');

/** A usage alert's sentence: the allowance, the use so far and the days left in the period (docs/decisions/0033-usage-alerts-and-spending-limits.md). */
const usageAlertText = (d: UsageAlert, money: Money, language: DocumentLanguage): string => {
  const en = language === 'en';
  const days = en ? `${d.daysLeft} ${d.daysLeft === 1 ? 'day' : 'days'} left in the period` : `${d.daysLeft} ${d.daysLeft === 1 ? 'jour' : 'jours'} avant la fin de la période`;
  const left = en ? `, with ${days}.` : `, et il reste ${days}.`;
  const used = money(d.used, d.currency);
  const amount = d.amount === undefined ? '' : money(d.amount, d.currency);
  switch (d.alert) {
    case 'voice':
    case 'sms':
    case 'data': {
      const { name, unit } = UNITS[language][d.alert];
      const of = `${count(d.used, language)} ${en ? 'of' : 'sur'} ${count(d.included ?? '0', language)} ${unit}`;
      return en ? `You have used ${d.percent} % of your ${name}: ${of}${left}` : `Vous avez utilisé ${d.percent} % de ${name} : ${of}${left}`;
    }
    case 'roaming':
      return en
        ? `Your roaming charges reached ${d.percent} % of your spending limit: ${used} of ${amount}${left}`
        : `Vos frais d’itinérance ont atteint ${d.percent} % de votre limite de dépenses : ${used} sur ${amount}${left}`;
    case 'roaming_started':
      return en
        ? `You are roaming: calls, texts and data abroad are charged beyond your plan. Roaming so far: ${used}${left}`
        : `Vous êtes en itinérance : les appels, textos et données à l’étranger sont facturés en plus de votre forfait. Itinérance jusqu’ici : ${used}${left}`;
    case 'overage':
      return en
        ? `Your charges beyond the plan passed ${amount}: ${used} so far${left}`
        : `Vos frais en plus du forfait ont dépassé ${amount} : ${used} jusqu’ici${left}`;
    case 'limit':
      return en
        ? `Your charges beyond the plan reached your spending limit of ${amount} (${used} so far): your provider bars service beyond the plan until the period ends, ${days}.`
        : `Vos frais en plus du forfait ont atteint votre limite de dépenses de ${amount} (${used} jusqu’ici) : votre fournisseur bloque le service hors forfait jusqu’à la fin de la période, dans ${d.daysLeft} ${d.daysLeft === 1 ? 'jour' : 'jours'}.`;
  }
};

const SENTENCES: Texts<Sentences> = {
  en: {
    invoice_posted: (d, money, day) => `Invoice ${d.invoiceNumber} of ${money(d.amount, d.currency)} is ready; it is due ${day(d.dueDate)}.`,
    payment_succeeded: (d, money) => `Your payment of ${money(d.amount, d.currency)} was received. Thank you.`,
    payment_failed: (d, money) =>
      d.automatic
        ? `Automatic payment of ${money(d.amount, d.currency)} failed: ${failureText(d, 'en')}.`
        : `Your payment of ${money(d.amount, d.currency)} failed: ${failureText(d, 'en')}.`,
    autopay_scheduled: (d, money, day) => `An automatic payment of ${money(d.amount, d.currency)} will be made on ${day(d.date)}.`,
    card_expiring: (d) => `Your ${d.brand} card ending ${d.last4} expires at the end of ${cardExpiry(d.expMonth, d.expYear)}. Add a new card to keep paying without interruption.`,
    card_expired: (d) => `Your ${d.brand} card ending ${d.last4} expired at the end of ${cardExpiry(d.expMonth, d.expYear)}. Add a new card to keep paying.`,
    dispute_status_changed: (d, money) =>
      d.status === 'Resolved' && d.creditedAmount && d.currency
        ? `Your dispute${d.invoiceNumber ? ` on invoice ${d.invoiceNumber}` : ''} is resolved: a credit of ${money(d.creditedAmount, d.currency)} was applied to your account.`
        : `Your dispute${d.invoiceNumber ? ` on invoice ${d.invoiceNumber}` : ''} is now ${DISPUTE_STATUS.en[d.status] ?? d.status}.`,
    usage_alert: (d, money) => usageAlertText(d, money, 'en'),
    arrangement_broken: (d, money, day) =>
      `Your payment arrangement is cancelled: the instalment of ${day(d.missedDate)} was not paid. ${money(d.unpaid, d.currency)} is overdue again.`,
  },
  fr: {
    invoice_posted: (d, money, day) => `La facture ${d.invoiceNumber} de ${money(d.amount, d.currency)} est prête ; elle est payable au plus tard le ${day(d.dueDate)}.`,
    payment_succeeded: (d, money) => `Votre paiement de ${money(d.amount, d.currency)} a été reçu. Merci.`,
    payment_failed: (d, money) =>
      d.automatic
        ? `Le paiement automatique de ${money(d.amount, d.currency)} a échoué : ${failureText(d, 'fr')}.`
        : `Votre paiement de ${money(d.amount, d.currency)} a échoué : ${failureText(d, 'fr')}.`,
    autopay_scheduled: (d, money, day) => `Un paiement automatique de ${money(d.amount, d.currency)} sera effectué le ${day(d.date)}.`,
    card_expiring: (d) =>
      `Votre carte ${d.brand} se terminant par ${d.last4} expire à la fin de ${cardExpiry(d.expMonth, d.expYear)}. Ajoutez une nouvelle carte pour continuer à payer sans interruption.`,
    card_expired: (d) => `Votre carte ${d.brand} se terminant par ${d.last4} a expiré à la fin de ${cardExpiry(d.expMonth, d.expYear)}. Ajoutez une nouvelle carte pour continuer à payer.`,
    dispute_status_changed: (d, money) =>
      d.status === 'Resolved' && d.creditedAmount && d.currency
        ? `Votre contestation${d.invoiceNumber ? ` de la facture ${d.invoiceNumber}` : ''} est réglée : un crédit de ${money(d.creditedAmount, d.currency)} a été appliqué à votre compte.`
        : `Votre contestation${d.invoiceNumber ? ` de la facture ${d.invoiceNumber}` : ''} est maintenant ${DISPUTE_STATUS.fr[d.status] ?? d.status}.`,
    usage_alert: (d, money) => usageAlertText(d, money, 'fr'),
    arrangement_broken: (d, money, day) =>
      `Votre entente de paiement est annulée : le versement du ${day(d.missedDate)} n’a pas été payé. ${money(d.unpaid, d.currency)} est de nouveau en souffrance.`,
  },
};

/** The notification's sentence in `language` (what the panel and the email say). */
export const notificationText = <E extends NotificationEvent>(event: E, data: NotificationEventData[E], language: DocumentLanguage): string =>
  (SENTENCES[language][event] as Sentences[E])(
    data,
    (amount, currency) => formatAmount(amount, currency, language),
    (day) => formatDay(day, language),
  );

/** Email subjects (after the brand name). */
export const EVENT_TITLES: Texts<Record<NotificationEvent, string>> = {
  en: {
    invoice_posted: 'your invoice is ready',
    payment_succeeded: 'payment received',
    payment_failed: 'payment failed',
    autopay_scheduled: 'automatic payment in 3 days',
    card_expiring: 'your card expires soon',
    card_expired: 'your card has expired',
    dispute_status_changed: 'your dispute was updated',
    usage_alert: 'usage alert',
    arrangement_broken: 'your payment arrangement is cancelled',
  },
  fr: {
    invoice_posted: 'votre facture est prête',
    payment_succeeded: 'paiement reçu',
    payment_failed: 'échec du paiement',
    autopay_scheduled: 'paiement automatique dans 3 jours',
    card_expiring: 'votre carte expire bientôt',
    card_expired: 'votre carte a expiré',
    dispute_status_changed: 'votre contestation a été mise à jour',
    usage_alert: 'alerte de consommation',
    arrangement_broken: 'votre entente de paiement est annulée',
  },
};

/**
 * One key per event occurrence: the same payment, invoice, card expiry, autopay period or dispute
 * status is recorded once however many jobs, instances or webhooks report it.
 */
export const eventKey = <E extends NotificationEvent>(event: E, data: NotificationEventData[E]): string => {
  const d = data as NotificationEventData[NotificationEvent];
  switch (event) {
    case 'invoice_posted':
      return `invoice_posted:${(d as NotificationEventData['invoice_posted']).invoiceId}`;
    case 'payment_succeeded':
      return `payment_succeeded:${(d as NotificationEventData['payment_succeeded']).paymentId}`;
    case 'payment_failed': {
      const failed = d as NotificationEventData['payment_failed'];
      return failed.paymentId ? `payment_failed:${failed.paymentId}` : `payment_failed:autopay:${failed.period ?? ''}`;
    }
    case 'autopay_scheduled':
      return `autopay_scheduled:${(d as NotificationEventData['autopay_scheduled']).period}`;
    case 'card_expiring':
    case 'card_expired': {
      const card = d as NotificationEventData['card_expiring'];
      return `${event}:${card.paymentMethodId}:${cardExpiry(card.expMonth, card.expYear)}`;
    }
    case 'dispute_status_changed': {
      const dispute = d as NotificationEventData['dispute_status_changed'];
      return `dispute_status_changed:${dispute.disputeId}:${dispute.status}`;
    }
    case 'usage_alert': {
      // One notification per alert and period: what makes it once is usage_alerts_fired; this keeps the panel's row once too.
      const alert = d as UsageAlert;
      return `usage_alert:${alert.periodStart}:${alert.alert}:${alert.alert === 'limit' || alert.alert === 'overage' ? alert.amount : (alert.percent ?? 0)}`;
    }
    case 'arrangement_broken':
      return `arrangement_broken:${(d as NotificationEventData['arrangement_broken']).arrangementId}`;
  }
  throw new Error(`Unknown notification event ${String(event)}`);
};
