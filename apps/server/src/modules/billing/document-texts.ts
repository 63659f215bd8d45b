/**
 * The words of the invoice PDF and the CDR CSV, in English and French (the account's language decides).
 * English is the text the documents always had. French is Canadian French; the PDF's standard fonts are
 * WinAnsi, so only Latin-1 letters and a straight apostrophe appear here.
 */
import type { DisputeReason, InvoiceStatus } from '@portal/contract';
import type { Texts } from '../../lib/language';

export interface DocumentTexts {
  invoiceTitle: string;
  invoiceNumber: string;
  accountNumber: string;
  issueDate: string;
  dueDate: string;
  billingPeriod: string;
  /** Document title in the PDF's metadata and the continued pages' header. */
  invoice: (number: string) => string;
  continued: (number: string) => string;
  billTo: string;
  amountDueHeading: string;
  due: (date: string) => string;
  statusLabel: string;
  status: Readonly<Record<InvoiceStatus, string>>;
  columns: { description: string; period: string; quantity: string; amount: string };
  charges: string;
  categories: Readonly<Record<string, string>>;
  noCharges: string;
  subtotal: string;
  taxes: string;
  totalCharges: string;
  paymentsReceived: string;
  /** The carrier's form of the account (docs/decisions/0037-a-bill-that-explains-itself.md). */
  accountSummary: string;
  previousBalance: string;
  creditsAndAdjustments: string;
  balanceForward: string;
  periodCharges: string;
  totalDue: string;
  noPayments: string;
  totalPayments: string;
  paymentColumns: { date: string; description: string; amount: string };
  credits: string;
  creditColumns: { date: string; line: string; reason: string; dispute: string; amount: string };
  /** A credit that names no disputed charge (a call detail record, or a credit without a dispute). */
  credit: string;
  reasons: Readonly<Record<DisputeReason, string>>;
  dispute: (id: string) => string;
  totalCredits: string;
  /** The summary that always reads total − payments − credits = amount due. */
  summary: string;
  invoiceTotal: string;
  amountDue: string;
  /** A payment without a description of its own. */
  payment: string;
  closingNote: (phone: string, email: string) => string;
  page: (page: number, count: number) => string;
  taxNumbers: { gstHst: string; qst: string };
  /** A tax line with the rate (percent) and the registration number the provider posted it with. */
  taxLine: (name: string, rate: string | null, registration: string | null) => string;
  pdfFileName: (number: string) => string;
  cdrFileName: (number: string) => string;
  /** The CSV's header, in column order. */
  cdrColumns: readonly [string, string, string, string, string, string, string, string];
  cdrKinds: { voice: string; sms: string; data: string };
  /** The CDR file of an invoice whose records went after USAGE_RETENTION_MONTHS (docs/decisions/0032-partitioned-call-records.md). */
  cdrsNoLongerKept: (months: number) => string;
}

export const DOCUMENT_TEXTS: Texts<DocumentTexts> = {
  en: {
    invoiceTitle: 'INVOICE',
    invoiceNumber: 'Invoice number',
    accountNumber: 'Account number',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    billingPeriod: 'Billing period',
    invoice: (number) => `Invoice ${number}`,
    continued: (number) => `Invoice ${number} (continued)`,
    billTo: 'BILL TO',
    amountDueHeading: 'AMOUNT DUE',
    due: (date) => `Due ${date}`,
    statusLabel: 'Status',
    status: {
      Paid: 'Paid',
      Credited: 'Credited',
      PartiallyPaid: 'Partially paid',
      PartiallyCredited: 'Partially credited',
      Overdue: 'Overdue',
      Unpaid: 'Unpaid',
    },
    columns: { description: 'DESCRIPTION', period: 'PERIOD', quantity: 'QTY', amount: 'AMOUNT' },
    charges: 'Charges',
    categories: {
      Plan: 'Plans and services',
      Usage: 'Usage',
      OneTime: 'One-time charges',
      Adjustment: 'Adjustments and credits',
      Tax: 'Taxes',
    },
    noCharges: 'No charges on this invoice.',
    subtotal: 'Subtotal',
    taxes: 'Taxes',
    totalCharges: 'Total charges',
    paymentsReceived: 'Payments received',
    accountSummary: 'Account summary',
    previousBalance: 'Previous balance',
    creditsAndAdjustments: 'Credits and adjustments',
    balanceForward: 'Balance forward',
    periodCharges: "This period's charges",
    totalDue: 'Total due',
    noPayments: 'No payments have been received for this invoice yet.',
    totalPayments: 'Total payments received',
    paymentColumns: { date: 'DATE', description: 'DESCRIPTION', amount: 'AMOUNT' },
    credits: 'Credits',
    creditColumns: { date: 'DATE', line: 'CREDITED', reason: 'REASON', dispute: 'DISPUTE', amount: 'AMOUNT' },
    credit: 'Credit',
    reasons: {
      NotRecognised: 'Charge not recognised',
      WrongAmount: 'Wrong amount',
      ServiceNotReceived: 'Service not received',
      Duplicate: 'Charged twice',
      Other: 'Other reason',
    },
    dispute: (id) => `Dispute ${id}`,
    totalCredits: 'Total credits',
    summary: 'Summary',
    invoiceTotal: 'Total',
    amountDue: 'Amount due',
    payment: 'Payment',
    closingNote: (phone, email) =>
      `Questions about this bill? Call ${phone} or email ${email}. ` +
      'Charges must be disputed within 30 days of the billing date. Pay online at any time in your billing portal.',
    page: (page, count) => `Page ${page} of ${count}`,
    taxNumbers: { gstHst: 'GST/HST registration no.', qst: 'QST registration no.' },
    taxLine: (name, rate, registration) => `${name}${rate ? ` ${rate}%` : ''}${registration ? ` (registration no. ${registration})` : ''}`,
    pdfFileName: (number) => `Invoice-${number}.pdf`,
    cdrFileName: (number) => `CDRs-${number}.csv`,
    cdrColumns: ['Date/Time', 'Type', 'From', 'To', 'Duration (s)', 'Data (KB)', 'Description', 'Amount'],
    cdrKinds: { voice: 'Voice', sms: 'SMS', data: 'Data' },
    cdrsNoLongerKept: (months) => `Call records are kept for ${months} months: this invoice's records are no longer kept.`,
  },
  fr: {
    invoiceTitle: 'FACTURE',
    invoiceNumber: 'Numéro de facture',
    accountNumber: 'Numéro de compte',
    issueDate: "Date d'émission",
    dueDate: "Date d'échéance",
    billingPeriod: 'Période facturée',
    invoice: (number) => `Facture ${number}`,
    continued: (number) => `Facture ${number} (suite)`,
    billTo: 'FACTURER À',
    amountDueHeading: 'MONTANT DÛ',
    due: (date) => `Échéance ${date}`,
    statusLabel: 'Statut',
    status: {
      Paid: 'Payée',
      Credited: 'Créditée',
      PartiallyPaid: 'Partiellement payée',
      PartiallyCredited: 'Partiellement créditée',
      Overdue: 'En retard',
      Unpaid: 'Impayée',
    },
    columns: { description: 'DESCRIPTION', period: 'PÉRIODE', quantity: 'QTÉ', amount: 'MONTANT' },
    charges: 'Frais',
    categories: {
      Plan: 'Forfaits et services',
      Usage: 'Utilisation',
      OneTime: 'Frais uniques',
      Adjustment: 'Ajustements et crédits',
      Tax: 'Taxes',
    },
    noCharges: 'Aucuns frais sur cette facture.',
    subtotal: 'Sous-total',
    taxes: 'Taxes',
    totalCharges: 'Total des frais',
    paymentsReceived: 'Paiements reçus',
    accountSummary: 'Sommaire du compte',
    previousBalance: 'Solde précédent',
    creditsAndAdjustments: 'Crédits et ajustements',
    balanceForward: 'Solde reporté',
    periodCharges: 'Frais de la période',
    totalDue: 'Total à payer',
    noPayments: "Aucun paiement n'a encore été reçu pour cette facture.",
    totalPayments: 'Total des paiements reçus',
    paymentColumns: { date: 'DATE', description: 'DESCRIPTION', amount: 'MONTANT' },
    credits: 'Crédits',
    creditColumns: { date: 'DATE', line: 'CRÉDITÉ', reason: 'MOTIF', dispute: 'CONTESTATION', amount: 'MONTANT' },
    credit: 'Crédit',
    reasons: {
      NotRecognised: 'Frais non reconnus',
      WrongAmount: 'Montant erroné',
      ServiceNotReceived: 'Service non reçu',
      Duplicate: 'Facturé deux fois',
      Other: 'Autre motif',
    },
    dispute: (id) => `Contestation ${id}`,
    totalCredits: 'Total des crédits',
    summary: 'Sommaire',
    invoiceTotal: 'Total',
    amountDue: 'Montant dû',
    payment: 'Paiement',
    closingNote: (phone, email) =>
      `Des questions sur cette facture? Appelez le ${phone} ou écrivez à ${email}. ` +
      'Les frais doivent être contestés dans les 30 jours suivant la date de facturation. Payez en ligne en tout temps dans votre portail de facturation.',
    page: (page, count) => `Page ${page} de ${count}`,
    taxNumbers: { gstHst: "No d'inscription TPS/TVH", qst: "No d'inscription TVQ" },
    taxLine: (name, rate, registration) =>
      `${name}${rate ? ` ${rate.replace('.', ',')}\u00a0%` : ''}${registration ? ` (no d'inscription ${registration})` : ''}`,
    pdfFileName: (number) => `Facture-${number}.pdf`,
    cdrFileName: (number) => `Appels-${number}.csv`,
    cdrColumns: ['Date/heure', 'Type', 'De', 'À', 'Durée (s)', 'Données (Ko)', 'Description', 'Montant'],
    cdrKinds: { voice: 'Appel', sms: 'Texto', data: 'Données' },
    cdrsNoLongerKept: (months) => `Les relevés d'appels sont conservés ${months} mois\u202f: ceux de cette facture ne le sont plus.`,
  },
};
