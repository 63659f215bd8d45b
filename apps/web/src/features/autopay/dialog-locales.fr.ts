import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './dialog-locales';

/** French texts of the `autopay-dialogs` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  autopayOff: {
    title: 'Désactiver les paiements automatiques?',
    text: 'Vos factures ne seront plus payées automatiquement. Votre calendrier est conservé\u202f: vous pourrez les réactiver en tout temps.',
    confirm: 'Désactiver',
    working: 'Désactivation...',
  },
  autopaySetup: {
    title: 'Configurer les paiements automatiques',
    description:
      'Choisissez quand payer, combien et avec quelle carte. L’enregistrement active les paiements automatiques et fait de cette carte votre carte par défaut.',
    frequency: 'Quand payer',
    dueDate: 'À l’échéance de la facture',
    recommended: 'Recommandé',
    dueDateHint: 'Chaque facture est payée à son échéance.',
    monthly: 'Chaque mois, le 15',
    monthlyHint: 'Votre solde est payé le 15 de chaque mois.',
    amount: 'Combien payer',
    full: 'Solde complet',
    fullHint: 'Le montant que vous devez à ce moment.',
    fixed: 'Montant fixe',
    fixedHint: 'Le même montant chaque fois, jamais plus que ce que vous devez.',
    fixedAmount: 'Montant fixe ({{currency}})',
    card: 'Carte à utiliser',
    noCards: 'Aucune de vos cartes ne peut être utilisée. Ajoutez d’abord une carte.',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    selectMethod: 'Veuillez choisir un mode de paiement.',
    amountError: 'Veuillez saisir un montant de paiement valide.',
    amountInline: 'Veuillez saisir un montant valide',
    failed: 'Impossible de configurer les paiements automatiques. Veuillez réessayer.',
  },
  card: {
    expires: 'Expire le {{date}}',
  },
};
