import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './dialog-locales';

/** French texts of the `payment-dialogs` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  pay: {
    titleInvoice: 'Payer la facture',
    titleOneTime: 'Faire un paiement unique',
    forInvoice: 'Facture no {{number}}',
    amount: 'Montant à payer',
    total: 'Solde total',
    custom: 'Autre montant',
    customLabel: 'Autre montant ({{currency}})',
    notice: 'Le paiement sera traité immédiatement.',
    method: 'Mode de paiement',
    methodPlaceholder: 'Choisissez une carte',
    bankOption: '{{card}} (compte bancaire)',
    bankOptionDefault: '{{card}} (compte bancaire, par défaut)',
    cardOption: '{{card}} (expire le {{expiry}})',
    cardOptionDefault: '{{card}} (expire le {{expiry}}, par défaut)',
    cardOptionExpired: '{{card}} (expirée le {{expiry}})',
    cardOptionFailed: '{{card}} (expire le {{expiry}}, dernier paiement refusé)',
    cardOptionDefaultFailed: '{{card}} (expire le {{expiry}}, par défaut, dernier paiement refusé)',
    submit: 'Payer {{amount}}',
    submitNoAmount: 'Payer',
    processing: 'Traitement...',
    invalidAmount: 'Veuillez saisir un montant de paiement valide.',
    invalidMethod: 'Veuillez choisir un mode de paiement et saisir un montant valide.',
    inlineAmount: 'Veuillez saisir un montant valide',
    tooManyDecimals: 'Saisissez le montant avec 2 décimales au plus.',
    aboveOwing: 'Le montant ne peut pas dépasser ce qui est dû\u202f: {{amount}}.',
    failed: 'Impossible de traiter le paiement. Veuillez réessayer.',
    noCards: 'Vous n’avez aucune carte enregistrée utilisable. Ajoutez une carte pour payer.',
    addCard: 'Ajouter une carte',
    loadingCards: 'Chargement de vos cartes...',
    cardsError: 'Impossible d’actualiser les modes de paiement.',
  },
  outcome: {
    processingTitle: 'Traitement de votre paiement de {{amount}}...',
    processingText:
      'Cela prend quelques secondes. Vous pouvez fermer cette fenêtre\u202f: le paiement se poursuit, et l’historique des paiements indique comment il se termine.',
    processingBankText:
      'Un prélèvement bancaire prend quelques jours ouvrables. Il compte dès maintenant comme payé pour votre date d’échéance; votre solde change quand votre banque l’a réglé. Vous pouvez fermer cette fenêtre.',
    close: 'Fermer cette fenêtre',
    declinedTitle: 'Votre carte a été refusée.',
    failedTitle: 'Le paiement n’a pas été effectué.',
    retryOther: 'Rien n’a été débité. Choisissez une autre carte et payez de nouveau, ou ajoutez une carte.',
    retryAdd: 'Rien n’a été débité. Ajoutez une autre carte, ou réessayez avec celle-ci.',
  },
};
