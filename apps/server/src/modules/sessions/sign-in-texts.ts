/**
 * The sign-in answers in the request's language (lib/language.ts `requestLanguage`): the login screen shows
 * the server's text as it comes, so a French page gets French. English stays the contract's AUTH_MESSAGES.
 */
import { AUTH_MESSAGES, type LoginResponse } from '@portal/contract';
import type { DocumentLanguage, Texts } from '../../lib/language';

const SIGN_IN_MESSAGES = [
  'invalidCredentials',
  'awaitingApproval',
  'accountDisabled',
  'accountClosed',
  'secondFactorRequired',
  'secondFactorWrong',
  'loginLinkInvalid',
] as const satisfies readonly (keyof typeof AUTH_MESSAGES)[];
type SignInMessage = (typeof SIGN_IN_MESSAGES)[number];

const TEXTS: Texts<Record<SignInMessage, string>> = {
  en: AUTH_MESSAGES,
  fr: {
    invalidCredentials: 'Le nom d’utilisateur ou le mot de passe est incorrect.',
    awaitingApproval: 'Votre compte n’a pas encore été approuvé.',
    accountDisabled: 'Ce compte a été désactivé. Veuillez communiquer avec le soutien.',
    accountClosed: 'Ce compte a été fermé. Veuillez communiquer avec le soutien.',
    secondFactorRequired: 'Entrez le code à 6 chiffres de votre application d’authentification.',
    secondFactorWrong: 'Ce code n’est pas le bon, ou il a déjà servi. Entrez le code actuel de votre application d’authentification.',
    loginLinkInvalid: 'Ce lien de connexion a expiré ou a déjà servi.',
  },
};

const keyOfEnglish = new Map<string, SignInMessage>(SIGN_IN_MESSAGES.map((key) => [AUTH_MESSAGES[key], key]));

/** A sign-in message in `language`; a text that is not one of them comes back as it was. */
export const signInText = (english: string, language: DocumentLanguage): string => {
  const key = keyOfEnglish.get(english);
  return key ? TEXTS[language][key] : english;
};

/** A login answer with its error text in `language`. */
export const inLanguageOf = (response: LoginResponse, language: DocumentLanguage): LoginResponse =>
  response.error === null ? response : { ...response, error: signInText(response.error, language) };
