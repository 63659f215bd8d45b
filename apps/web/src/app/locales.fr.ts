import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `shell` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  nav: {
    label: 'Principal',
    home: 'Accueil',
    invoices: 'Factures et facturation',
    usage: 'Consommation',
    payments: 'Modes de paiement',
    account: 'Renseignements du compte',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  userMenu: {
    trigger: 'Menu utilisateur',
    signedInAs: 'Connecté en tant que',
    accountInformation: 'Renseignements du compte',
    userDetails: 'Détails de l’utilisateur',
    changePassword: 'Changer le mot de passe',
    security: 'Sécurité',
    users: 'Utilisateurs',
    apiClients: 'Clients API',
    webhooks: 'Webhooks',
    disputes: 'Contestations',
    logOff: 'Se déconnecter',
    language: 'Langue',
    darkMode: 'Mode sombre',
  },
  accountSelector: {
    label: 'Compte',
    none: 'Choisir un compte',
    search: 'Rechercher des comptes',
    searchHint: 'Saisissez un nom ou un numéro de compte',
    staffSearchHint: 'Nom, numéro, courriel, téléphone ou numéro de facture',
    accounts: 'Comptes',
    subAccounts: '{{parent}} (sous-comptes)',
    noResults: 'Aucun compte trouvé',
    searching: 'Recherche...',
    results_one: '{{count}} compte trouvé',
    results_other: '{{count}} comptes trouvés',
    moreResults: 'Affichage des {{count}} premiers résultats. Précisez votre recherche.',
    loadError: 'Impossible de charger les comptes.',
    matched: {
      invoiceName: 'Nom de facturation\u202f: {{value}}',
      invoiceEmail: 'Courriel de facturation\u202f: {{value}}',
      invoiceNumber: 'Facture {{value}}',
      contactName: 'Contact\u202f: {{value}}',
      contactEmail: 'Courriel du contact\u202f: {{value}}',
      contactPhone: 'Téléphone\u202f: {{value}}',
    },
  },
  actingFor: {
    text: 'Vous consultez le compte {{number}} en tant que {{role}}',
    roles: { Admin: 'administrateur', Staff: 'membre du personnel' },
  },
  closedAccount: {
    text: 'Ce compte a été fermé le {{closedOn}}. Ses factures et documents restent disponibles jusqu’au {{documentsUntil}}.',
  },
};
