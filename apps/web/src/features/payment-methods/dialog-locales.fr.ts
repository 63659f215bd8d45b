import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './dialog-locales';

/** French texts of the `payment-method-dialogs` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  deleteDialog: {
    title: 'Supprimer la carte?',
    text: '{{card}} sera retirée de votre compte. Vous pourrez l’ajouter de nouveau en tout temps.',
    confirm: 'Supprimer la carte',
    working: 'Suppression...',
  },
  addCard: {
    title: 'Ajouter un mode de paiement',
    text: 'Vous passerez à la page sécurisée de notre fournisseur de cartes pour saisir votre carte, puis vous reviendrez ici. Votre numéro de carte ne nous est jamais transmis.',
    continue: 'Continuer',
    redirecting: 'Redirection...',
    noAddress: 'Aucune adresse de facturation valide trouvée',
    noAddressHelp: 'Ajoutez votre adresse de facturation dans <link>Renseignements du compte</link>, puis réessayez.',
    unavailable: 'Impossible d’ajouter un mode de paiement pour le moment.',
    publicKey: 'Impossible d’obtenir la clé publique de {{provider}}',
    cardProvider: 'fournisseur de cartes',
    notLoaded: '{{provider}} ne s’est pas chargé correctement',
    sessionFailed: 'Impossible de créer la session de paiement',
    setupFailed: 'Impossible de configurer le mode de paiement',
    kind: 'Que voulez-vous ajouter?',
    kindCard: 'Une carte de crédit',
    kindBank: 'Un compte bancaire (débit préautorisé)',
    kindBankUs: 'Un compte bancaire (prélèvement ACH)',
    bankText: 'Vous passerez à la page sécurisée de notre fournisseur de paiement pour saisir votre compte bancaire, puis vous reviendrez ici. Votre numéro de compte ne nous est jamais transmis.',
    agreementIntro: 'Avant que le compte bancaire soit enregistré, veuillez lire et accepter l’accord ci-dessous. Une copie vous est envoyée par courriel.',
    acceptAgreement: 'Veuillez accepter l’accord pour ajouter un compte bancaire.',
  },
};
