/**
 * The words of a payment receipt, in English and French (the account's language decides). The PDF's
 * standard fonts are WinAnsi: only Latin-1 letters and a straight apostrophe appear here.
 */
import type { Texts } from '../../lib/language';

export interface ReceiptTexts {
  receiptTitle: string;
  /** Document title in the PDF's metadata. */
  receipt: (number: string) => string;
  receiptNumber: string;
  paymentReference: string;
  accountNumber: string;
  paymentDate: string;
  paymentMethod: string;
  card: (brand: string, last4: string) => string;
  receivedFrom: string;
  amountPaidHeading: string;
  paidOn: (date: string) => string;
  invoicesPaid: string;
  columns: { invoice: string; period: string; dueDate: string; applied: string };
  noInvoices: string;
  totalApplied: string;
  remainingBalance: string;
  /** A balance below zero: the account is in credit by `amount`. */
  inCredit: (amount: string) => string;
  /** A payment without a description of its own. */
  payment: string;
  closingNote: (phone: string, email: string) => string;
  page: (page: number, count: number) => string;
  taxNumbers: { gstHst: string; qst: string };
  fileName: (number: string) => string;
  /** On a refund's receipt: the receipt of the payment refunded. */
  refundOf: string;
  /** A pay-all payment's shares: each account and what it paid. */
  accountsPaid: string;
  shareColumns: { account: string; amount: string };
}

export const RECEIPT_TEXTS: Texts<ReceiptTexts> = {
  en: {
    receiptTitle: 'RECEIPT',
    receipt: (number) => `Receipt ${number}`,
    receiptNumber: 'Receipt number',
    paymentReference: 'Payment reference',
    accountNumber: 'Account number',
    paymentDate: 'Payment date',
    paymentMethod: 'Payment method',
    card: (brand, last4) => `${brand} ending in ${last4}`,
    receivedFrom: 'RECEIVED FROM',
    amountPaidHeading: 'AMOUNT PAID',
    paidOn: (date) => `Paid ${date}`,
    invoicesPaid: 'Invoices paid',
    columns: { invoice: 'INVOICE', period: 'BILLING PERIOD', dueDate: 'DUE DATE', applied: 'AMOUNT APPLIED' },
    noInvoices: 'This payment was not applied to an invoice.',
    totalApplied: 'Total applied',
    remainingBalance: 'Balance remaining after this payment',
    inCredit: (amount) => `${amount} in credit`,
    payment: 'Payment',
    closingNote: (phone, email) => `Thank you for your payment. Questions about this receipt? Call ${phone} or email ${email}.`,
    page: (page, count) => `Page ${page} of ${count}`,
    taxNumbers: { gstHst: 'GST/HST registration no.', qst: 'QST registration no.' },
    fileName: (number) => `Receipt-${number}.pdf`,
    refundOf: 'Refund of receipt',
    accountsPaid: 'Accounts paid',
    shareColumns: { account: 'ACCOUNT', amount: 'AMOUNT PAID' },
  },
  fr: {
    receiptTitle: 'REÇU',
    receipt: (number) => `Reçu ${number}`,
    receiptNumber: 'Numéro de reçu',
    paymentReference: 'Référence du paiement',
    accountNumber: 'Numéro de compte',
    paymentDate: 'Date du paiement',
    paymentMethod: 'Mode de paiement',
    card: (brand, last4) => `${brand} se terminant par ${last4}`,
    receivedFrom: 'REÇU DE',
    amountPaidHeading: 'MONTANT PAYÉ',
    paidOn: (date) => `Payé le ${date}`,
    invoicesPaid: 'Factures payées',
    columns: { invoice: 'FACTURE', period: 'PÉRIODE FACTURÉE', dueDate: "DATE D'ÉCHÉANCE", applied: 'MONTANT APPLIQUÉ' },
    noInvoices: "Ce paiement n'a été appliqué à aucune facture.",
    totalApplied: 'Total appliqué',
    remainingBalance: 'Solde restant après ce paiement',
    inCredit: (amount) => `${amount} en crédit`,
    payment: 'Paiement',
    closingNote: (phone, email) =>
      `Merci de votre paiement. Des questions sur ce reçu? Appelez le ${phone} ou écrivez à ${email}.`,
    page: (page, count) => `Page ${page} de ${count}`,
    taxNumbers: { gstHst: "No d'inscription TPS/TVH", qst: "No d'inscription TVQ" },
    fileName: (number) => `Recu-${number}.pdf`,
    refundOf: 'Remboursement du reçu',
    accountsPaid: 'Comptes payés',
    shareColumns: { account: 'COMPTE', amount: 'MONTANT PAYÉ' },
  },
};

/** A refund's receipt (docs/decisions/0036-refunds-and-pay-all.md): the payment receipt's words where a refund says otherwise. */
export const REFUND_RECEIPT_TEXTS: Texts<ReceiptTexts> = {
  en: {
    ...RECEIPT_TEXTS.en,
    receiptTitle: 'REFUND RECEIPT',
    receipt: (number) => `Refund receipt ${number}`,
    paymentReference: 'Refund reference',
    paymentDate: 'Refund date',
    receivedFrom: 'REFUNDED TO',
    amountPaidHeading: 'AMOUNT REFUNDED',
    paidOn: (date) => `Refunded ${date}`,
    invoicesPaid: 'Invoices reopened',
    columns: { ...RECEIPT_TEXTS.en.columns, applied: 'AMOUNT REOPENED' },
    noInvoices: 'This refund reopened no invoice.',
    totalApplied: 'Total reopened',
    remainingBalance: 'Balance after this refund',
    payment: 'Refund',
    closingNote: (phone, email) => `Questions about this refund? Call ${phone} or email ${email}.`,
    fileName: (number) => `Refund-${number}.pdf`,
  },
  fr: {
    ...RECEIPT_TEXTS.fr,
    receiptTitle: 'REMBOURSEMENT',
    receipt: (number) => `Reçu de remboursement ${number}`,
    paymentReference: 'Référence',
    paymentDate: 'Date du remboursement',
    receivedFrom: 'REMBOURSÉ À',
    amountPaidHeading: 'MONTANT REMBOURSÉ',
    paidOn: (date) => `Remboursé le ${date}`,
    invoicesPaid: 'Factures rouvertes',
    columns: { ...RECEIPT_TEXTS.fr.columns, applied: 'MONTANT ROUVERT' },
    noInvoices: "Ce remboursement n'a rouvert aucune facture.",
    totalApplied: 'Total rouvert',
    remainingBalance: 'Solde après ce remboursement',
    payment: 'Remboursement',
    closingNote: (phone, email) => `Des questions sur ce remboursement? Appelez le ${phone} ou écrivez à ${email}.`,
    fileName: (number) => `Remboursement-${number}.pdf`,
  },
};
