import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `autopay` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  autopay: {
    title: 'Paiements automatiques',
    switchLabel: 'Paiements automatiques',
    enabled: 'Activés',
    disabled: 'Désactivés',
    onText: 'Les paiements automatiques sont activés\u202f: vos factures sont payées avec votre carte enregistrée.',
    offText: 'Les paiements automatiques sont désactivés. Activez-les pour payer vos factures à temps sans y penser.',
    needsCard: 'Ajoutez d’abord un mode de paiement',
    required: 'Les paiements automatiques sont obligatoires pour ce compte et ne peuvent pas être désactivés.',
    updateFailed: 'Impossible de mettre à jour les paiements automatiques. Veuillez réessayer plus tard.',
    scheduleLabel: 'Votre calendrier de paiements automatiques',
    card: 'Carte',
    when: 'Quand',
    amount: 'Montant',
    nextRun: 'Prochain paiement',
    nothingDue: 'Rien à payer pour le moment',
    frequencies: {
      dueDate: 'À l’échéance de chaque facture',
      monthly: 'Chaque mois, le 15',
    },
    amounts: {
      full: 'Solde complet',
      fixed: '{{amount}} chaque fois',
    },
    change: 'Modifier le calendrier',
    turnedOn: 'Les paiements automatiques sont configurés.',
    turnedOff: 'Les paiements automatiques sont désactivés.',
    scheduleError: 'Votre calendrier de paiements automatiques n’a pas pu être chargé.',
  },
};
