import type { BankDebitScheme } from '@portal/contract';
import type { CheckoutLanguage } from './checkout-texts';

/** The sandbox bank account page in the portal's two languages (docs/decisions/0035-bank-debit.md). */

export interface BankEntryMessages {
  transitRequired: string;
  transitFormat: string;
  institutionRequired: string;
  institutionFormat: string;
  routingRequired: string;
  routingFormat: string;
  routingInvalid: string;
  accountRequired: string;
  padAccountFormat: string;
  achAccountFormat: string;
  holderRequired: string;
  holderTooLong: string;
  institutionName: (number: string) => string;
  routingName: (number: string) => string;
}

export interface BankTexts {
  title: (merchant: string) => string;
  heading: Record<BankDebitScheme, string>;
  transit: string;
  institution: string;
  routing: string;
  accountNumber: string;
  accountHolder: string;
  save: string;
  checkDetails: string;
  secured: string;
  testAccounts: string;
  testAccountList: (routing: string) => readonly { number: string; outcome: string }[];
  errors: BankEntryMessages;
}

export const BANK_TEXTS: Readonly<Record<CheckoutLanguage, BankTexts>> = {
  en: {
    title: (merchant) => `Add a bank account – ${merchant}`,
    heading: { acss_debit: 'Add a Canadian bank account (pre-authorized debit)', us_bank_account: 'Add a US bank account (ACH debit)' },
    transit: 'Transit number (5 digits)',
    institution: 'Institution number (3 digits)',
    routing: 'Routing number (9 digits)',
    accountNumber: 'Account number',
    accountHolder: 'Account holder name',
    save: 'Save bank account',
    checkDetails: 'Please check your bank account details',
    secured: 'Sandbox checkout · test accounts only · account numbers are never stored',
    testAccounts: 'Test accounts',
    testAccountList: (routing) => [
      { number: `${routing} · 000123456789`, outcome: 'saved; debits settle after the delay' },
      { number: `${routing} · 000222222227`, outcome: 'saved; debits are returned for insufficient funds after the delay' },
      { number: `${routing} · 000111111113`, outcome: 'saved; debits are returned: the account is closed' },
    ],
    errors: {
      transitRequired: 'Enter the transit number.',
      transitFormat: 'The transit number must be 5 digits.',
      institutionRequired: 'Enter the institution number.',
      institutionFormat: 'The institution number must be 3 digits.',
      routingRequired: 'Enter the routing number.',
      routingFormat: 'The routing number must be 9 digits.',
      routingInvalid: 'This routing number is not valid: please check it.',
      accountRequired: 'Enter the account number.',
      padAccountFormat: 'The account number must be 7 to 12 digits.',
      achAccountFormat: 'The account number must be 4 to 17 digits.',
      holderRequired: 'Enter the account holder’s name.',
      holderTooLong: 'The account holder’s name must be at most 100 characters.',
      institutionName: (number) => `Institution ${number}`,
      routingName: (number) => `Bank ${number}`,
    },
  },
  fr: {
    title: (merchant) => `Ajouter un compte bancaire – ${merchant}`,
    heading: { acss_debit: 'Ajouter un compte bancaire canadien (débit préautorisé)', us_bank_account: 'Ajouter un compte bancaire américain (prélèvement ACH)' },
    transit: 'Numéro de transit (5 chiffres)',
    institution: 'Numéro d’institution (3 chiffres)',
    routing: 'Numéro d’acheminement (9 chiffres)',
    accountNumber: 'Numéro de compte',
    accountHolder: 'Nom du titulaire du compte',
    save: 'Enregistrer le compte bancaire',
    checkDetails: 'Veuillez vérifier les renseignements de votre compte bancaire',
    secured: 'Paiement de test · comptes de test seulement · les numéros de compte ne sont jamais conservés',
    testAccounts: 'Comptes de test',
    testAccountList: (routing) => [
      { number: `${routing} · 000123456789`, outcome: 'enregistré; les débits sont réglés après le délai' },
      { number: `${routing} · 000222222227`, outcome: 'enregistré; les débits sont retournés pour fonds insuffisants après le délai' },
      { number: `${routing} · 000111111113`, outcome: 'enregistré; les débits sont retournés : le compte est fermé' },
    ],
    errors: {
      transitRequired: 'Saisissez le numéro de transit.',
      transitFormat: 'Le numéro de transit doit compter 5 chiffres.',
      institutionRequired: 'Saisissez le numéro d’institution.',
      institutionFormat: 'Le numéro d’institution doit compter 3 chiffres.',
      routingRequired: 'Saisissez le numéro d’acheminement.',
      routingFormat: 'Le numéro d’acheminement doit compter 9 chiffres.',
      routingInvalid: 'Ce numéro d’acheminement n’est pas valide : veuillez le vérifier.',
      accountRequired: 'Saisissez le numéro de compte.',
      padAccountFormat: 'Le numéro de compte doit compter de 7 à 12 chiffres.',
      achAccountFormat: 'Le numéro de compte doit compter de 4 à 17 chiffres.',
      holderRequired: 'Saisissez le nom du titulaire du compte.',
      holderTooLong: 'Le nom du titulaire du compte doit compter au plus 100 caractères.',
      institutionName: (number) => `Institution ${number}`,
      routingName: (number) => `Banque ${number}`,
    },
  },
};
