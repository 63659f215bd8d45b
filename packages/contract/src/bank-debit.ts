/**
 * Bank accounts as payment methods (docs/decisions/0035-bank-debit.md): Canadian pre-authorized debit (PAD,
 * Stripe's `acss_debit`, CAD) and US ACH debit (`us_bank_account`, USD), and the agreement a customer accepts
 * before one is saved. Zod-free, so the database schema, the server's emails and any screen can import it.
 */

export const PAYMENT_METHOD_TYPES = ['card', 'bank_account'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const BANK_DEBIT_SCHEMES = ['acss_debit', 'us_bank_account'] as const;
export type BankDebitScheme = (typeof BANK_DEBIT_SCHEMES)[number];

/** The scheme an account billed in `currency` debits through; null where bank debit is not offered. */
export const bankDebitSchemeFor = (currency: string): BankDebitScheme | null =>
  currency === 'CAD' ? 'acss_debit' : currency === 'USD' ? 'us_bank_account' : null;

/** Days before an automatic debit that its amount and date are told (the agreement says so; the autopay notice does it). */
export const BANK_DEBIT_NOTICE_DAYS = 3;

export type AgreementLanguage = 'en' | 'fr';

export interface BankDebitAgreement {
  /** Stored with each acceptance: a changed text is a new version, never an edit of an accepted one. */
  version: string;
  title: string;
  /** Paragraphs; `{merchant}` is the portal's brand name. */
  paragraphs: readonly string[];
  accept: string;
}

const PAD_EN: BankDebitAgreement = {
  version: 'pad-2026-12',
  title: 'Pre-authorized debit agreement',
  paragraphs: [
    'You authorize {merchant} and its payment processor to debit the bank account you are adding for the amounts of your telecom bills and the payments you make in this portal (a personal, sporadic pre-authorized debit).',
    'For a payment you make yourself, you are told its amount and date when you make it. For automatic payments, you are told the amount and date by email at least 3 days before each debit; you waive the 10 days’ notice otherwise required.',
    'You may cancel this agreement at any time by removing the bank account from the portal or by calling us; cancelling does not cancel what you owe. You may ask your financial institution for a sample cancellation form.',
    'You have certain recourse rights if any debit does not comply with this agreement. For example, you have the right to receive reimbursement for any debit that is not authorized or is not consistent with this agreement. To obtain more information on your recourse rights, contact your financial institution or visit www.payments.ca.',
  ],
  accept: 'I have read and accept the pre-authorized debit agreement',
};

const PAD_FR: BankDebitAgreement = {
  version: 'pad-2026-12',
  title: 'Accord de débit préautorisé',
  paragraphs: [
    'Vous autorisez {merchant} et son processeur de paiement à débiter le compte bancaire que vous ajoutez des montants de vos factures de télécommunications et des paiements que vous effectuez dans ce portail (débit préautorisé personnel et sporadique).',
    'Pour un paiement que vous effectuez vous-même, son montant et sa date vous sont indiqués au moment où vous le faites. Pour les paiements automatiques, le montant et la date vous sont envoyés par courriel au moins 3 jours avant chaque débit; vous renoncez au préavis de 10 jours autrement exigé.',
    'Vous pouvez annuler cet accord en tout temps en retirant le compte bancaire du portail ou en nous appelant; l’annulation n’annule pas ce que vous devez. Vous pouvez demander un modèle de formulaire d’annulation à votre institution financière.',
    'Vous disposez de certains droits de recours si un débit n’est pas conforme au présent accord. Par exemple, vous avez le droit de recevoir le remboursement de tout débit non autorisé ou non conforme au présent accord. Pour obtenir plus de renseignements sur vos droits de recours, communiquez avec votre institution financière ou visitez www.paiements.ca.',
  ],
  accept: 'J’ai lu et j’accepte l’accord de débit préautorisé',
};

const ACH_EN: BankDebitAgreement = {
  version: 'ach-2026-12',
  title: 'ACH debit authorization',
  paragraphs: [
    'You authorize {merchant} and its payment processor to debit the bank account you are adding, through the ACH network, for the amounts of your telecom bills and the payments you make in this portal.',
    'For a payment you make yourself, you are told its amount and date when you make it. For automatic payments, you are told the amount and date by email at least 3 days before each debit.',
    'You may revoke this authorization at any time by removing the bank account from the portal or by calling us, in time for us to act on it before the next debit.',
  ],
  accept: 'I authorize these debits',
};

const ACH_FR: BankDebitAgreement = {
  version: 'ach-2026-12',
  title: 'Autorisation de prélèvement ACH',
  paragraphs: [
    'Vous autorisez {merchant} et son processeur de paiement à débiter le compte bancaire que vous ajoutez, par le réseau ACH, des montants de vos factures de télécommunications et des paiements que vous effectuez dans ce portail.',
    'Pour un paiement que vous effectuez vous-même, son montant et sa date vous sont indiqués au moment où vous le faites. Pour les paiements automatiques, le montant et la date vous sont envoyés par courriel au moins 3 jours avant chaque débit.',
    'Vous pouvez révoquer cette autorisation en tout temps en retirant le compte bancaire du portail ou en nous appelant, assez tôt pour que nous puissions en tenir compte avant le prochain débit.',
  ],
  accept: 'J’autorise ces prélèvements',
};

/** The agreement of each scheme in each language: the portal shows it, the server stores its version and emails it. */
export const BANK_DEBIT_AGREEMENTS: Readonly<Record<BankDebitScheme, Readonly<Record<AgreementLanguage, BankDebitAgreement>>>> = {
  acss_debit: { en: PAD_EN, fr: PAD_FR },
  us_bank_account: { en: ACH_EN, fr: ACH_FR },
};

/** The agreement's paragraphs with the merchant named. */
export const agreementParagraphs = (agreement: BankDebitAgreement, merchant: string): string[] =>
  agreement.paragraphs.map((p) => p.replaceAll('{merchant}', merchant));

/** A bank account as the portal names it: "RBC Royal Bank ••••6789". */
export const bankAccountLabel = (bank: { bankName: string; last4: string }): string => `${bank.bankName} ••••${bank.last4}`;
