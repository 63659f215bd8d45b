/**
 * The words of a bill's changes (bill-changes.ts), in English and French: the API's answer in the
 * caller's language and the PDF's first section in the account's. Latin-1 only: the PDF's standard fonts are WinAnsi.
 */
import { minorToDecimal } from '@portal/contract';
import { formatMoney } from '../../lib/document-format';
import type { DocumentLanguage, Texts } from '../../lib/language';
import type { BillCause, CauseDetail } from './bill-changes';

type Words = { [K in CauseDetail['kind']]: (detail: Extract<CauseDetail, { kind: K }>, f: Format) => string };

interface Format {
  money: (minor: bigint) => string;
  number: (value: number | string) => string;
  list: (values: readonly string[]) => string;
}

export interface BillChangesTexts {
  heading: string;
  /** The difference's sentence above the causes. */
  summary: (difference: string, previousTotal: string | null, rising: boolean | null) => string;
  causes: Words;
}

export const BILL_CHANGES_TEXTS: Texts<BillChangesTexts> = {
  en: {
    heading: 'What changed on this bill',
    summary: (difference, previousTotal, rising) =>
      previousTotal === null
        ? 'This is your first bill.'
        : rising === null
          ? `Your bill is the same as last time (${previousTotal}).`
          : `Your bill is ${difference} ${rising ? 'higher' : 'lower'} than last time (${previousTotal}).`,
    causes: {
      firstInvoice: () => 'Your first bill: every charge on it is new.',
      planChanged: (d) => `Your plan changed from ${d.from} to ${d.to}.`,
      priceChanged: (d, f) => `${d.description} went from ${f.money(d.previous)} to ${f.money(d.current)}.`,
      partialMonth: (d, f) =>
        d.bill === 'current'
          ? `${d.description} covers ${f.number(d.days)} of ${f.number(d.of)} days on this bill (a partial month).`
          : `${d.description} covered ${f.number(d.days)} of ${f.number(d.of)} days on the last bill (a partial month).`,
      newCharge: (d) => `New this month: ${d.description}.`,
      chargeGone: (d) => `No longer billed: ${d.description}.`,
      usageBeyondAllowance: (d, f) => {
        const unit = d.unit === 'minutes' ? 'minutes' : 'MB';
        const what = d.unit === 'minutes' ? 'Calls' : 'Data';
        const amounts = `${f.money(d.current)} this bill, ${f.money(d.previous)} the last`;
        return d.allowance === null
          ? `${what} beyond your plan's allowance: ${f.number(d.over)} ${unit} over (${amounts}).`
          : `${what} beyond your ${f.number(d.allowance)} ${unit} allowance: ${f.number(d.allowance + Number(d.over))} ${unit} used, ${f.number(d.over)} over (${amounts}).`;
      },
      roaming: (d, f) => `Roaming: ${f.money(d.current)} this bill, ${f.money(d.previous)} the last.`,
      usage: (d, f) =>
        `Long distance and international${d.descriptions.length ? ` (${f.list(d.descriptions)})` : ''}: ${f.money(d.current)} this bill, ${f.money(d.previous)} the last.`,
      oneTime: (d, f) =>
        d.descriptions.length
          ? `One-time charges this month: ${f.list(d.descriptions)}.`
          : `No one-time charges this month (the last bill had ${f.list(d.previousDescriptions)}).`,
      credits: (d, f) =>
        d.reasons.length
          ? `Credits this month: ${f.list(d.reasons)}.`
          : `No credits this month (the last bill had ${f.list(d.previousReasons)}).`,
      taxes: () => 'Taxes on the charges above.',
      other: () => 'Other changes.',
    },
  },
  fr: {
    heading: 'Ce qui a changé sur cette facture',
    summary: (difference, previousTotal, rising) =>
      previousTotal === null
        ? "C'est votre première facture."
        : rising === null
          ? `Votre facture est la même que la dernière fois (${previousTotal}).`
          : `Votre facture est ${rising ? 'plus élevée' : 'moins élevée'} de ${difference} que la dernière fois (${previousTotal}).`,
    causes: {
      firstInvoice: () => 'Votre première facture : tous ses frais sont nouveaux.',
      planChanged: (d) => `Votre forfait est passé de ${d.from} à ${d.to}.`,
      priceChanged: (d, f) => `${d.description} est passé de ${f.money(d.previous)} à ${f.money(d.current)}.`,
      partialMonth: (d, f) =>
        d.bill === 'current'
          ? `${d.description} couvre ${f.number(d.days)} jours sur ${f.number(d.of)} sur cette facture (un mois partiel).`
          : `${d.description} couvrait ${f.number(d.days)} jours sur ${f.number(d.of)} sur la dernière facture (un mois partiel).`,
      newCharge: (d) => `Nouveau ce mois-ci : ${d.description}.`,
      chargeGone: (d) => `N'est plus facturé : ${d.description}.`,
      usageBeyondAllowance: (d, f) => {
        const unit = d.unit === 'minutes' ? 'minutes' : 'Mo';
        const what = d.unit === 'minutes' ? 'Appels' : 'Données';
        const amounts = `${f.money(d.current)} sur cette facture, ${f.money(d.previous)} sur la dernière`;
        return d.allowance === null
          ? `${what} au-delà de votre forfait : ${f.number(d.over)} ${unit} de plus (${amounts}).`
          : `${what} au-delà de votre forfait de ${f.number(d.allowance)} ${unit} : ${f.number(d.allowance + Number(d.over))} ${unit} utilisés, ${f.number(d.over)} de plus (${amounts}).`;
      },
      roaming: (d, f) => `Itinérance : ${f.money(d.current)} sur cette facture, ${f.money(d.previous)} sur la dernière.`,
      usage: (d, f) =>
        `Interurbain et international${d.descriptions.length ? ` (${f.list(d.descriptions)})` : ''} : ${f.money(d.current)} sur cette facture, ${f.money(d.previous)} sur la dernière.`,
      oneTime: (d, f) =>
        d.descriptions.length
          ? `Frais uniques ce mois-ci : ${f.list(d.descriptions)}.`
          : `Aucuns frais uniques ce mois-ci (la dernière facture avait ${f.list(d.previousDescriptions)}).`,
      credits: (d, f) =>
        d.reasons.length
          ? `Crédits ce mois-ci : ${f.list(d.reasons)}.`
          : `Aucun crédit ce mois-ci (la dernière facture avait ${f.list(d.previousReasons)}).`,
      taxes: () => 'Taxes sur les frais ci-dessus.',
      other: () => 'Autres changements.',
    },
  },
};

const LOCALE: Readonly<Record<DocumentLanguage, string>> = { en: 'en-CA', fr: 'fr-CA' };

/** Money, numbers and lists in the language; the PDF's fonts lack the narrow no-break space, so none is written. */
export const billChangesFormat = (language: DocumentLanguage, currency: string): Format => {
  const numbers = new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 3 });
  const lists = new Intl.ListFormat(LOCALE[language], { type: 'conjunction' });
  return {
    money: (minor) => formatMoney(minorToDecimal(minor), currency, language),
    number: (value) => numbers.format(Number(value)).replace(/\u202f/g, '\u00a0'),
    list: (values) => lists.format(values),
  };
};

/** A cause in plain words. */
export const causeText = (cause: BillCause, language: DocumentLanguage, currency: string): string => {
  const words = BILL_CHANGES_TEXTS[language].causes[cause.detail.kind] as (detail: CauseDetail, f: Format) => string;
  return words(cause.detail, billChangesFormat(language, currency));
};

/** The sentence above the causes: how much higher or lower than the previous total. */
export const changesSummary = (
  changes: { difference: bigint; previousTotal: bigint | null },
  language: DocumentLanguage,
  currency: string,
): string => {
  const f = billChangesFormat(language, currency);
  const { difference, previousTotal } = changes;
  const magnitude = difference < 0n ? -difference : difference;
  return BILL_CHANGES_TEXTS[language].summary(
    f.money(magnitude),
    previousTotal === null ? null : f.money(previousTotal),
    previousTotal === null || difference === 0n ? null : difference > 0n,
  );
};
