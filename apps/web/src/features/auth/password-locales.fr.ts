import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './password-locales';

/** French texts of the `password` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  forgot: {
    title: 'Mot de passe oublié?',
    intro: 'Saisissez votre nom d’utilisateur ou votre adresse courriel et nous vous enverrons un code de réinitialisation.',
    username: 'Nom d’utilisateur ou adresse courriel',
    submit: 'Envoyer le code',
    submitting: 'Envoi...',
    returnToLogin: 'Retour à la connexion',
    invalid: 'Veuillez saisir une adresse courriel valide.',
    success: 'Un code de réinitialisation a été envoyé à votre adresse courriel.',
    multipleUsers:
      'Échec de l’envoi du code. Plusieurs utilisateurs ont peut-être la même adresse courriel. Veuillez communiquer avec le soutien.',
    failed: 'Échec de l’envoi du code',
    failedRetry: 'Échec de l’envoi du code. Veuillez réessayer.',
  },
  reset: {
    title: 'Réinitialiser le mot de passe',
    intro: 'Choisissez un nouveau mot de passe pour votre compte.',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmer le nouveau mot de passe',
    rule: 'Utilisez au moins {{min}} caractères. Une courte phrase est facile à retenir et difficile à deviner.',
    submit: 'Réinitialiser le mot de passe',
    submitting: 'Réinitialisation...',
    returnToLogin: 'Retour à la connexion',
    required: 'Ce champ est obligatoire.',
    tooShort: 'Le mot de passe doit contenir au moins {{min}} caractères.',
    mismatch: 'Les mots de passe ne correspondent pas.',
    success: 'Votre mot de passe a été mis à jour.',
    failed: 'Échec de la réinitialisation du mot de passe',
    failedRetry: 'Échec de la réinitialisation du mot de passe. Veuillez réessayer.',
    missingToken: 'Ce lien de réinitialisation est incomplet ou expiré. Veuillez demander un nouveau code.',
    linkUsed: 'Ce lien de réinitialisation a expiré ou a déjà été utilisé. Demandez-en un nouveau.',
    requestNew: 'Demander un nouveau code',
    passkeysRemoved: 'Les clés d’accès ajoutées au cours des dernières 24 heures ont été retirées.',
  },
  invite: {
    title: 'Choisissez votre mot de passe',
    intro: 'Choisissez le mot de passe avec lequel vous vous connecterez, avec votre adresse courriel.',
    submit: 'Enregistrer le mot de passe',
    submitting: 'Enregistrement...',
    success: 'Votre mot de passe est enregistré. Connectez-vous avec votre adresse courriel et ce mot de passe.',
    missingToken:
      'Ce lien d’invitation est incomplet ou expiré. Demandez un code de réinitialisation avec votre adresse courriel pour choisir un mot de passe.',
    linkUsed:
      'Ce lien d’invitation a expiré ou a déjà été utilisé. Demandez un code de réinitialisation avec votre adresse courriel pour choisir un mot de passe.',
  },
  change: {
    title: 'Changer le mot de passe',
    intro: 'Saisissez votre mot de passe actuel, puis choisissez-en un nouveau.',
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmer le nouveau mot de passe',
    rule: 'Utilisez au moins {{min}} caractères. Une courte phrase est facile à retenir et difficile à deviner.',
    submit: 'Changer le mot de passe',
    submitting: 'Enregistrement...',
    success: 'Votre mot de passe a été modifié.',
    failed: 'Échec du changement de mot de passe',
    failedRetry: 'Échec du changement de mot de passe. Veuillez réessayer.',
    passkeysRemoved: 'Les clés d’accès ajoutées au cours des dernières 24 heures ont été retirées.',
  },
  recent: {
    title_one: 'Une clé d’accès a été ajoutée à votre compte au cours des dernières 24 heures',
    title_other: '{{count}} clés d’accès ont été ajoutées à votre compte au cours des dernières 24 heures',
    item: '{{name}}, ajoutée le',
    remove_one: 'Retirer aussi cette clé d’accès',
    remove_other: 'Retirer aussi ces {{count}} clés d’accès',
    hint: 'Faites-le si vous ne l’avez pas ajoutée vous-même\u202f: une clé d’accès connecte sans mot de passe, donc un nouveau mot de passe seul ne la bloque pas.',
  },
};
