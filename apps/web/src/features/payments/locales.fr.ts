import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `payments` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  page: {
    title: 'Modes de paiement',
    intro: 'Payez votre solde, gérez vos cartes enregistrées et configurez les paiements automatiques.',
    loadError: 'Impossible de charger les renseignements de paiement. Veuillez réessayer plus tard.',
    refreshError: 'Impossible d’actualiser les modes de paiement.',
    cardAdded: 'Votre carte a été ajoutée.',
    cardAlreadySaved: 'Cette carte est déjà enregistrée dans ce compte. Utilisez la carte enregistrée ou ajoutez-en une autre.',
    chooseAccountTitle: 'Choisissez un compte',
    chooseAccountText:
      'Utilisez le sélecteur de compte en haut de la page pour trouver le compte dont vous voulez gérer les paiements.',
    loading: 'Chargement des renseignements de paiement...',
  },
  balance: {
    title: 'Solde du compte',
    currency: 'Solde en {{currency}}',
    owing: 'Montant dû',
    credit: 'Solde créditeur',
    noBalance: 'Vous n’avez aucun solde à payer',
    paymentDue: 'Paiement dû le {{date}}',
    overdueSince: 'En retard depuis le {{date}}',
    overdueAmount: 'Montant en retard\u202f: {{amount}}',
  },
  oneTime: {
    title: 'Faire un paiement unique',
    text: 'Payez tout ou une partie de votre solde maintenant avec l’une de vos cartes enregistrées.',
    payNow: 'Payer maintenant',
    processing: 'Votre paiement de {{amount}} est en cours de traitement. Ceci se met à jour de lui-même.',
    succeeded: 'Votre paiement de {{amount}} a été reçu. Merci.',
    declined: 'Votre carte a été refusée.',
    failed: 'Le paiement n’a pas été effectué.',
    notCharged: 'Votre paiement de {{amount}} n’a pas été débité.',
    retry: 'Essayer une autre carte',
  },
  history: {
    title: 'Historique des paiements',
    date: 'Date',
    amount: 'Montant',
    status: 'État',
    method: 'Mode',
    empty: 'Aucun paiement pour le moment',
    emptyText: 'Vos paiements apparaîtront ici.',
    settling: 'Un paiement est en cours de traitement. Cette liste se met à jour automatiquement.',
    showAll: 'Afficher les {{count}} paiements',
    showFewer: 'Afficher moins de paiements',
    receipt: 'Reçu',
    receiptFor: 'Télécharger le reçu du paiement de {{amount}} du {{date}}',
    receiptError: 'Le reçu n’a pas pu être téléchargé. Veuillez réessayer.',
  },
};
