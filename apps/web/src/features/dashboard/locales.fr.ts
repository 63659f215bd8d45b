import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `dashboard` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  title: 'Accueil',
  heading: 'Compte {{number}}',
  loadError: 'Impossible de charger les renseignements du compte. Veuillez réessayer plus tard.',
  chooseAccountTitle: 'Choisissez un compte',
  chooseAccountText: 'Utilisez le sélecteur de compte en haut de la page pour trouver le compte à consulter.',
  balance: {
    title: 'Solde actuel',
    owing: 'Montant dû',
    credit: 'Solde créditeur',
    noBalance: 'Vous n’avez aucun solde à payer',
    paymentDue: 'Paiement dû le {{date}}',
    overdueSince: 'En retard depuis le {{date}}',
    overdueAmount: 'Montant en retard : {{amount}}',
    paymentDueNow: 'Paiement dû',
    autopay: 'Paiements préautorisés activés',
    makePayment: 'Effectuer un paiement',
    paid: 'Paiement envoyé : {{amount}} est en cours de traitement. Votre solde changera une fois votre carte débitée.',
  },
  latest: {
    title: 'Dernière facture',
    invoiceNumber: 'Numéro de facture',
    period: 'Période de facturation',
    dueDate: 'Date d’échéance',
    amount: 'Montant',
    viewBill: 'Voir la facture',
    downloadPdf: 'Télécharger le PDF',
    downloadPdfFor: 'Télécharger le PDF de la facture {{number}}',
    none: 'Aucune facture pour l’instant',
    noneText: 'Votre première facture apparaîtra ici dès son émission.',
  },
  details: {
    title: 'Détails du compte',
    name: 'Nom',
    invoiceEmail: 'Courriel de facturation',
    billingAddress: 'Adresse de facturation',
    billingContact: 'Contact de facturation',
    phone: 'Téléphone',
    edit: 'Mettre à jour',
  },
  tiles: {
    label: 'Gérer votre compte',
    invoicesTitle: 'Factures et facturation',
    invoicesText: 'Consultez et téléchargez vos factures',
    paymentsTitle: 'Modes de paiement',
    paymentsText: 'Gérez vos options de paiement',
    accountTitle: 'Renseignements du compte',
    accountText: 'Mettez à jour vos coordonnées',
  },
};
