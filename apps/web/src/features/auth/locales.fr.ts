import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `auth` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  login: {
    title: 'Connexion',
    welcome: 'Bienvenue dans le tableau de bord de facturation {{product}}. Veuillez vous connecter pour continuer.',
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    rememberMe: 'Se souvenir de moi',
    submit: 'Se connecter',
    submitting: 'Connexion...',
    forgotPassword: 'Mot de passe oublié?',
    or: 'ou',
    sso: 'Se connecter avec {{provider}}',
    passkey: 'Se connecter avec une clé d’accès',
    passkeyBusy: 'En attente de votre clé d’accès...',
    passkeyCancelled: 'La connexion par clé d’accès a été annulée ou a expiré. Réessayez, ou connectez-vous avec votre mot de passe.',
    passkeyFailed: 'La connexion par clé d’accès n’a pas fonctionné. Réessayez, ou connectez-vous avec votre mot de passe.',
    usernameRequired: 'Le nom d’utilisateur est obligatoire.',
    passwordRequired: 'Le mot de passe est obligatoire.',
    failed: 'Échec de la connexion',
    code: 'Code de vérification',
    codeRequired: 'Saisissez le code de votre application d’authentification ou un code de récupération.',
    useRecovery: 'Utiliser plutôt un code de récupération',
    useApp: 'Utiliser plutôt le code de votre application',
    oneTimeTitle: 'Connexion en cours',
    oneTimeBusy: 'Vérification de votre lien de connexion...',
    oneTimeInvalid: 'Ce lien de connexion est invalide ou expiré. Connectez-vous ou demandez un nouveau lien.',
    attemptsLeft_one: 'Il vous reste 1 essai avant que la connexion soit suspendue. Si vous avez oublié votre mot de passe, réinitialisez-le plutôt.',
    attemptsLeft_other:
      'Il vous reste {{count}} essais avant que la connexion soit suspendue. Si vous avez oublié votre mot de passe, réinitialisez-le plutôt.',
    noAttemptsLeft: 'La connexion est maintenant suspendue pour un moment. Réinitialisez votre mot de passe pour vous connecter tout de suite.',
  },
  callback: {
    title: 'Compte en attente d’approbation',
    disabledTitle: 'Compte désactivé',
    failedTitle: 'La connexion n’a pas abouti',
    failedText:
      'Nous n’avons pas pu terminer votre connexion. Veuillez réessayer ou communiquer avec le soutien si le problème persiste.',
    message:
      'Votre compte n’a pas encore été approuvé. Votre demande sera examinée par un administrateur. Pour obtenir de l’aide, communiquez avec nous au <phone>{{phone}}</phone> ou à <email>{{email}}</email>.',
    returnToLogin: 'Retour à la connexion',
    needHelp: 'Besoin d’aide',
    needHelpText: 'Notre équipe de soutien peut vérifier l’état de votre demande.',
    signingIn: 'Connexion en cours...',
  },
};
