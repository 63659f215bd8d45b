import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract';
import { requestLanguage } from '../../lib/language';
import { loginError, type LoginOutcome } from './login-rules';
import { inLanguageOf, signInText } from './sign-in-texts';

describe('requestLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-CA,en;q=0.9,fr;q=0.8', 'en'],
    ['en;q=0.5, fr;q=0.7', 'fr'],
    ['de-DE,fr;q=0.4', 'fr'],
    ['de-DE', 'en'],
    [['fr'], 'fr'],
  ] as const)('%j → %s', (header, language) => {
    expect(requestLanguage(header as string | string[] | undefined)).toBe(language);
  });
});

describe('sign-in texts', () => {
  it.each([
    ['invalid_credentials', 'The username or password is incorrect.', 'Le nom d’utilisateur ou le mot de passe est incorrect.'],
    ['pending', 'Your account has not yet been approved.', 'Votre compte n’a pas encore été approuvé.'],
    ['disabled', 'This account has been disabled. Please contact support.', 'Ce compte a été désactivé. Veuillez communiquer avec le soutien.'],
    ['accounts_closed', 'This account has been closed. Please contact support.', 'Ce compte a été fermé. Veuillez communiquer avec le soutien.'],
  ] as const)('%s in English and French', (outcome: LoginOutcome, en, fr) => {
    const english = loginError(outcome)!;
    expect([signInText(english, 'en'), signInText(english, 'fr')]).toEqual([en, fr]);
  });

  it.each([
    [AUTH_MESSAGES.secondFactorRequired, 'Entrez le code à 6 chiffres de votre application d’authentification.'],
    [AUTH_MESSAGES.loginLinkInvalid, 'Ce lien de connexion a expiré ou a déjà servi.'],
    ['A text that is not a sign-in message.', 'A text that is not a sign-in message.'],
  ])('%s in French', (english, fr) => {
    expect(signInText(english, 'fr')).toBe(fr);
    expect(signInText(english, 'en')).toBe(english);
  });

  it('changes only the error of a login answer', () => {
    const failed = { successful: false, token: null, error: AUTH_MESSAGES.invalidCredentials, attemptsLeft: 2 };
    expect(inLanguageOf(failed, 'fr')).toEqual({ ...failed, error: 'Le nom d’utilisateur ou le mot de passe est incorrect.' });
    const success = { successful: true, token: 't', error: null };
    expect(inLanguageOf(success, 'fr')).toBe(success);
  });
});
