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
    lastFailed: 'Expire le {{date}}. Son dernier paiement a été refusé.',
  },
  overdue: {
    legend: 'Factures en retard\u202f: {{amount}}',
    include: 'Payer aussi le montant en retard',
    includeHint_one: '{{amount}} pour {{count}} facture en retard est débité dès l’enregistrement.',
    includeHint_other: '{{amount}} pour {{count}} factures en retard est débité dès l’enregistrement.',
    leaveOut: 'Laisser de côté le montant en retard',
    leaveOutHint: 'Vous le payez vous-même. Seules les factures payables à partir d’aujourd’hui sont payées automatiquement.',
  },
  preview: {
    title: 'Ce qui sera débité',
    firstTodayOverdue_one: '{{amount}} pour {{count}} facture en retard aujourd’hui',
    firstTodayOverdue_other: '{{amount}} pour {{count}} factures en retard aujourd’hui',
    firstToday: '{{amount}} aujourd’hui',
    firstOn: '{{amount}} le {{date}}',
    thenDueDate: 'puis chaque facture à son échéance',
    thenMonthly: 'puis votre solde le 15 de chaque mois',
    sentence: '{{first}}, {{then}}, sur la carte {{card}}.',
    nothingDueDate: 'Rien n’est débité maintenant. Chaque facture sera débitée à son échéance, sur la carte {{card}}.',
    nothingMonthly: 'Rien n’est débité maintenant. Votre solde sera débité le 15 de chaque mois, sur la carte {{card}}.',
    fixedNote: 'Chaque paiement prend au plus {{amount}}, jamais plus que ce que vous devez.',
    leftOut_one: 'Le montant en retard de {{amount}} ({{count}} facture) n’est pas débité\u202f: payez-le avec Faire un paiement unique.',
    leftOut_other: 'Le montant en retard de {{amount}} ({{count}} factures) n’est pas débité\u202f: payez-le avec Faire un paiement unique.',
  },
};
