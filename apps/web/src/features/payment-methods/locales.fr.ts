import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `payment-methods` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  methods: {
    title: 'Vos modes de paiement',
    addCard: 'Ajouter une carte',
    listLabel: 'Cartes enregistrées',
    empty: 'Aucune carte enregistrée',
    emptyText: 'Ajoutez une carte pour payer vos factures et configurer les paiements automatiques.',
    expires: 'Expire le {{date}}',
    expiredOn: 'Expirée le {{date}}',
    bankAccount: 'Compte bancaire · {{routing}}',
    whichBank: '{{card}} (compte bancaire)',
    default: 'Par défaut',
    expired: 'Expirée',
    setDefault: 'Définir par défaut',
    whichCard: '{{card}} (expire {{expiry}})',
    setDefaultWorking: 'En cours...',
    delete: 'Supprimer la carte',
    onlyCard: 'Votre seule carte\u202f: ajoutez-en une autre avant de retirer celle-ci.',
    lastFailed: 'Dernier paiement refusé',
    deleteFailed: 'Impossible de supprimer le mode de paiement. Veuillez réessayer.',
    setDefaultFailed: 'Impossible de définir le mode de paiement par défaut. Veuillez réessayer.',
    deleted: '{{card}} a été supprimée.',
    defaultSet: '{{card}} est maintenant votre carte par défaut.',
  },
};
