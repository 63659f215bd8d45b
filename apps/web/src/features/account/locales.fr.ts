import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `account` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  title: 'Renseignements sur le compte',
  intro: 'Les détails de votre compte, votre contact de facturation et votre adresse de facturation.',
  loading: 'Chargement des renseignements du compte...',
  loadError: 'Impossible de charger les renseignements du compte. Veuillez réessayer plus tard.',
  chooseAccountTitle: 'Choisissez un compte',
  chooseAccountText: 'Utilisez le sélecteur de compte en haut de la page pour trouver le compte que vous voulez consulter.',
  edit: 'Modifier le profil',
  cancel: 'Annuler',
  save: 'Enregistrer les modifications',
  saving: 'Enregistrement...',
  choose: 'Choisir…',
  readOnly: '(lecture seule)',
  editingNotice:
    'Vous modifiez les renseignements de votre compte. Le numéro, le nom et le type de compte ne peuvent être modifiés que par le soutien.',
  sections: {
    account: 'Détails du compte',
    contact: 'Contact de facturation',
    address: 'Adresse de facturation',
  },
  fields: {
    accountNumber: 'Numéro de compte',
    accountName: 'Nom du compte',
    accountType: 'Type de compte',
    language: 'Langue de préférence',
    invoiceEmail: 'Adresse courriel de facturation',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse courriel',
    phone: 'Numéro de téléphone',
    streetNumber: 'Numéro civique',
    streetName: 'Nom de la rue',
    city: 'Ville',
    province: 'Province / État',
    postal: 'Code postal / ZIP',
    country: 'Pays',
  },
  languages: {
    English: 'Anglais',
    French: 'Français',
  },
  saveFailed: 'Impossible de mettre à jour les renseignements du compte. Veuillez réessayer.',
  saveError: 'Une erreur est survenue lors de la mise à jour des renseignements de votre compte.',
  saved: 'Les renseignements du compte ont été mis à jour!',
  errors: {
    required: 'Ce champ est obligatoire.',
    country: 'Veuillez choisir un pays dans la liste.',
    province: 'Veuillez choisir une province ou un État dans la liste.',
    email: 'Veuillez saisir une adresse courriel valide.',
    phone: 'Veuillez saisir un numéro de téléphone valide.',
    postal: 'Veuillez saisir un code postal ou ZIP valide.',
    tooLong: 'Doit contenir au plus {{max}} caractères',
  },
};
