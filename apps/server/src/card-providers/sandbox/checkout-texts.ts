import { PAYMENT_MESSAGES, type CheckoutAppearance } from '@portal/contract';

/** The sandbox checkout page in the portal's two languages (docs/decisions/0014-languages-of-what-customers-receive.md). */

export type CheckoutLanguage = CheckoutAppearance['language'];

/** What the card form says about a field it refuses. */
export interface CardEntryMessages {
  cardNumberRequired: string;
  cardNumberInvalid: string;
  brandNotAccepted: string;
  declined: string;
  expiryRequired: string;
  expiryFormat: string;
  expiryPast: string;
  expiryTooFar: string;
  cvcRequired: string;
  cvcLength: (digits: number) => string;
  nameRequired: string;
  nameTooLong: string;
}

export interface CheckoutTexts {
  lang: string;
  title: (merchant: string) => string;
  addCard: string;
  account: (customerNo: string, name: string) => string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
  save: string;
  cancel: (merchant: string) => string;
  checkDetails: string;
  secured: string;
  testCards: string;
  testCardList: readonly { number: string; outcome: string }[];
  unavailableTitle: string;
  unavailable: string;
  returnToPortal: string;
  errors: CardEntryMessages;
}

const testNumbers = {
  succeeds: '4242 4242 4242 4242',
  amex: '3782 822463 10005',
  declined: '4000 0000 0000 0002',
  failsCharges: '4000 0000 0000 0341',
};

export const CHECKOUT_TEXTS: Readonly<Record<CheckoutLanguage, CheckoutTexts>> = {
  en: {
    lang: 'en',
    title: (merchant) => `Add a card – ${merchant}`,
    addCard: 'Add a card',
    account: (customerNo, name) => `Account ${customerNo} · ${name}`,
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    save: 'Save card',
    cancel: (merchant) => `Cancel and return to ${merchant}`,
    checkDetails: 'Please check your card details',
    secured: 'Sandbox checkout · test cards only · card numbers are never stored',
    // The page checks the code's length by brand: "any" code would be refused for American Express.
    testCards: 'Test cards: any future date; a 3-digit security code, 4 digits for American Express',
    testCardList: [
      { number: testNumbers.succeeds, outcome: 'saved; payments succeed' },
      { number: testNumbers.amex, outcome: 'American Express (4-digit code); payments succeed' },
      { number: testNumbers.declined, outcome: 'declined' },
      { number: testNumbers.failsCharges, outcome: 'saved; payments fail' },
    ],
    unavailableTitle: 'Checkout unavailable',
    unavailable: PAYMENT_MESSAGES.checkoutUnavailable,
    returnToPortal: 'Return to the portal',
    errors: {
      cardNumberRequired: 'Enter your card number.',
      cardNumberInvalid: 'Your card number is invalid.',
      brandNotAccepted: 'We accept Visa, Mastercard and American Express.',
      declined: 'Your card was declined.',
      expiryRequired: 'Enter the expiry date.',
      expiryFormat: 'Enter the expiry date as MM/YY.',
      expiryPast: "Your card's expiry date is in the past.",
      expiryTooFar: "Your card's expiry date is too far in the future.",
      cvcRequired: 'Enter the security code (CVC).',
      cvcLength: (digits) => `The security code (CVC) must be ${digits} digits.`,
      nameRequired: 'Enter the name on the card.',
      nameTooLong: 'The name on the card must be at most 100 characters.',
    },
  },
  fr: {
    lang: 'fr-CA',
    title: (merchant) => `Ajouter une carte – ${merchant}`,
    addCard: 'Ajouter une carte',
    account: (customerNo, name) => `Compte ${customerNo} · ${name}`,
    cardNumber: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'Code de sécurité (CVC)',
    nameOnCard: 'Nom sur la carte',
    save: 'Enregistrer la carte',
    cancel: (merchant) => `Annuler et revenir à ${merchant}`,
    checkDetails: 'Veuillez vérifier les renseignements de votre carte',
    secured: 'Paiement de test · cartes de test seulement · les numéros de carte ne sont jamais conservés',
    testCards: 'Cartes de test : toute date future; un code de sécurité de 3 chiffres, 4 pour American Express',
    testCardList: [
      { number: testNumbers.succeeds, outcome: 'enregistrée; les paiements réussissent' },
      { number: testNumbers.amex, outcome: 'American Express (code de 4 chiffres); les paiements réussissent' },
      { number: testNumbers.declined, outcome: 'refusée' },
      { number: testNumbers.failsCharges, outcome: 'enregistrée; les paiements échouent' },
    ],
    unavailableTitle: 'Paiement non disponible',
    unavailable: 'Cette session de paiement a expiré ou a déjà été utilisée. Veuillez recommencer à partir du portail.',
    returnToPortal: 'Revenir au portail',
    errors: {
      cardNumberRequired: 'Saisissez le numéro de votre carte.',
      cardNumberInvalid: 'Le numéro de votre carte n’est pas valide.',
      brandNotAccepted: 'Nous acceptons Visa, Mastercard et American Express.',
      declined: 'Votre carte a été refusée.',
      expiryRequired: 'Saisissez la date d’expiration.',
      expiryFormat: 'Saisissez la date d’expiration au format MM/AA.',
      expiryPast: 'La date d’expiration de votre carte est passée.',
      expiryTooFar: 'La date d’expiration de votre carte est trop éloignée.',
      cvcRequired: 'Saisissez le code de sécurité (CVC).',
      cvcLength: (digits) => `Le code de sécurité (CVC) doit compter ${digits} chiffres.`,
      nameRequired: 'Saisissez le nom inscrit sur la carte.',
      nameTooLong: 'Le nom sur la carte doit compter au plus 100 caractères.',
    },
  },
};
