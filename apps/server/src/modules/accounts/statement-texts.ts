/**
 * The words of a statement of account (PDF and CSV), in English and French (the account's language
 * decides). The PDF's standard fonts are WinAnsi: only Latin-1 letters and a straight apostrophe here.
 */
import type { Texts } from '../../lib/language';

export interface StatementTexts {
  statementTitle: string;
  /** Document title in the PDF's metadata and the continued pages' header. */
  statement: (period: string) => string;
  continued: string;
  accountNumber: string;
  statementPeriod: string;
  statementDate: string;
  currency: string;
  billTo: string;
  summaryHeading: string;
  openingBalance: string;
  invoices: string;
  payments: string;
  credits: string;
  closingBalance: string;
  activity: string;
  columns: { date: string; description: string; charges: string; credits: string; balance: string };
  noActivity: string;
  invoice: (number: string, period: string) => string;
  /** A payment by card, or its own description. */
  payment: (method: string) => string;
  card: (brand: string, last4: string) => string;
  defaultPayment: string;
  /** A credit note, with the dispute it resolved when it came from one, else the reason it was given for. */
  credit: (invoiceNumber: string | null, disputeId: bigint | null, reason: string | null) => string;
  balanceNote: string;
  page: (page: number, count: number) => string;
  taxNumbers: { gstHst: string; qst: string };
  fileName: (accountNumber: string, from: string, to: string, extension: 'pdf' | 'csv') => string;
  /** The CSV's header, in column order. */
  csvColumns: readonly [string, string, string, string, string, string, string];
  csvKinds: { opening: string; invoice: string; payment: string; credit: string; closing: string };
}

export const STATEMENT_TEXTS: Texts<StatementTexts> = {
  en: {
    statementTitle: 'STATEMENT',
    statement: (period) => `Statement of account, ${period}`,
    continued: 'Statement of account (continued)',
    accountNumber: 'Account number',
    statementPeriod: 'Period',
    statementDate: 'Statement date',
    currency: 'Currency',
    billTo: 'ACCOUNT',
    summaryHeading: 'SUMMARY',
    openingBalance: 'Opening balance',
    invoices: 'Invoices',
    payments: 'Payments',
    credits: 'Credits',
    closingBalance: 'Closing balance',
    activity: 'Account activity',
    columns: { date: 'DATE', description: 'DESCRIPTION', charges: 'CHARGES', credits: 'PAID/CREDITED', balance: 'BALANCE' },
    noActivity: 'No invoices, payments or credits in this period.',
    invoice: (number, period) => `Invoice ${number} (${period})`,
    payment: (method) => `Payment - ${method}`,
    card: (brand, last4) => `${brand} ending in ${last4}`,
    defaultPayment: 'Payment',
    credit: (invoiceNumber, disputeId, reason) =>
      `${invoiceNumber === null ? 'Credit on account' : `Credit on invoice ${invoiceNumber}`}${disputeId === null ? '' : ` (dispute ${disputeId})`}${reason ? ` - ${reason}` : ''}`,
    balanceNote: 'Balances are the amount owed; a negative balance is a credit in your favour.',
    page: (page, count) => `Page ${page} of ${count}`,
    taxNumbers: { gstHst: 'GST/HST registration no.', qst: 'QST registration no.' },
    fileName: (accountNumber, from, to, extension) => `Statement-${accountNumber}-${from}-to-${to}.${extension}`,
    csvColumns: ['Date', 'Type', 'Reference', 'Description', 'Charges', 'Payments and credits', 'Balance'],
    csvKinds: {
      opening: 'Opening balance',
      invoice: 'Invoice',
      payment: 'Payment',
      credit: 'Credit',
      closing: 'Closing balance',
    },
  },
  fr: {
    statementTitle: 'RELEVÉ',
    statement: (period) => `Relevé de compte, ${period}`,
    continued: 'Relevé de compte (suite)',
    accountNumber: 'Numéro de compte',
    statementPeriod: 'Période',
    statementDate: 'Date du relevé',
    currency: 'Devise',
    billTo: 'COMPTE',
    summaryHeading: 'SOMMAIRE',
    openingBalance: "Solde d'ouverture",
    invoices: 'Factures',
    payments: 'Paiements',
    credits: 'Crédits',
    closingBalance: 'Solde de clôture',
    activity: 'Activité du compte',
    columns: { date: 'DATE', description: 'DESCRIPTION', charges: 'FRAIS', credits: 'PAYÉ/CRÉDITÉ', balance: 'SOLDE' },
    noActivity: 'Aucune facture, aucun paiement ni crédit pendant cette période.',
    invoice: (number, period) => `Facture ${number} (${period})`,
    payment: (method) => `Paiement - ${method}`,
    card: (brand, last4) => `${brand} se terminant par ${last4}`,
    defaultPayment: 'Paiement',
    credit: (invoiceNumber, disputeId, reason) =>
      `${invoiceNumber === null ? 'Crédit au compte' : `Crédit sur la facture ${invoiceNumber}`}${disputeId === null ? '' : ` (contestation ${disputeId})`}${reason ? ` - ${reason}` : ''}`,
    balanceNote: 'Les soldes sont les montants dus; un solde négatif est un crédit en votre faveur.',
    page: (page, count) => `Page ${page} de ${count}`,
    taxNumbers: { gstHst: "No d'inscription TPS/TVH", qst: "No d'inscription TVQ" },
    fileName: (accountNumber, from, to, extension) => `Releve-${accountNumber}-${from}-au-${to}.${extension}`,
    csvColumns: ['Date', 'Type', 'Référence', 'Description', 'Frais', 'Paiements et crédits', 'Solde'],
    csvKinds: {
      opening: "Solde d'ouverture",
      invoice: 'Facture',
      payment: 'Paiement',
      credit: 'Crédit',
      closing: 'Solde de clôture',
    },
  },
};
