/** The security email of each change, in English and French (pure). */
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../lib/brand';
import { composeSecurityEmail, type SecurityChange } from './security-email';

const AT = new Date('2026-03-03T10:05:00Z');
const input = (change: SecurityChange, language: 'en' | 'fr', passkeyName?: string) => ({
  to: 'camille@example.com',
  name: 'Camille',
  change,
  at: AT,
  origin: {
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    address: '203.0.113.7',
  },
  ...(passkeyName ? { passkeyName } : {}),
  publicOrigin: 'https://portal.example',
  language,
});

describe('what each change says', () => {
  it.each<[SecurityChange, 'en' | 'fr', string]>([
    ['password_changed', 'en', 'Your password was changed.'],
    ['password_reset', 'en', 'Your password was reset with a link from a reset email.'],
    ['two_factor_on', 'en', 'Two-factor sign-in was turned on'],
    ['two_factor_off', 'en', 'Two-factor sign-in was turned off'],
    ['two_factor_reset_by_support', 'en', 'Support turned off two-factor sign-in for you'],
    ['recovery_codes_regenerated', 'en', 'New two-factor recovery codes were made; the old ones no longer work.'],
    ['passkey_added', 'en', 'A passkey was added: “Safari on iOS”.'],
    ['passkey_removed', 'en', 'A passkey was removed: “Safari on iOS”.'],
    ['sessions_ended', 'en', 'You were signed out on every other device.'],
    ['password_changed', 'fr', 'Votre mot de passe a été changé.'],
    ['password_reset', 'fr', 'Votre mot de passe a été réinitialisé'],
    ['two_factor_on', 'fr', 'La connexion en deux étapes a été activée'],
    ['two_factor_off', 'fr', 'La connexion en deux étapes a été désactivée'],
    ['two_factor_reset_by_support', 'fr', 'Le soutien a désactivé votre connexion en deux étapes'],
    ['recovery_codes_regenerated', 'fr', 'De nouveaux codes de récupération ont été créés'],
    ['passkey_added', 'fr', 'Une clé d’accès a été ajoutée : « Safari on iOS ».'],
    ['passkey_removed', 'fr', 'Une clé d’accès a été retirée : « Safari on iOS ».'],
    ['sessions_ended', 'fr', 'Vous avez été déconnecté de tous les autres appareils.'],
  ])('%s in %s', (change, language, sentence) => {
    const mail = composeSecurityEmail(input(change, language, 'Safari on iOS'));
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });
});

describe('the rest of the email', () => {
  it('says when, from which device and address, and what to do if it was not them (English)', () => {
    const mail = composeSecurityEmail(input('password_changed', 'en'));
    expect(mail.to).toBe('camille@example.com');
    expect(mail.subject).toBe(`${BRAND.name}: a change to how you sign in`);
    expect(mail.text).toContain('Hello Camille,');
    expect(mail.text).toContain('When: March 3, 2026 at 10:05 a.m. UTC');
    expect(mail.text).toContain('From: Chrome on macOS, address 203.0.113.7');
    expect(mail.text).toContain('If this was not you, someone may have your password');
    expect(mail.text).toContain('Reset your password: https://portal.example/forgot-password');
    expect(mail.text).toContain('Review your security settings: https://portal.example/security');
    expect(mail.text).toContain(BRAND.supportEmail);
    expect(mail.html).toContain('<a href="https://portal.example/forgot-password">Reset your password</a>');
  });

  it('is all French for a French person', () => {
    const mail = composeSecurityEmail(input('password_changed', 'fr'));
    expect(mail.subject).toBe(`${BRAND.name} : un changement dans votre façon de vous connecter`);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('Quand : 3 mars 2026 à 10 h 05 UTC');
    expect(mail.text).toContain('D’où : Chrome sur macOS, adresse 203.0.113.7');
    expect(mail.text).toContain('Si ce n’était pas vous');
    expect(mail.text).toContain('Réinitialiser votre mot de passe : https://portal.example/forgot-password?lang=fr');
    expect(mail.text).not.toMatch(/\b(Hello|When|From)\b/);
  });

  it('names support instead of a device when support made the change', () => {
    const mail = composeSecurityEmail({ ...input('two_factor_reset_by_support', 'en'), origin: null });
    expect(mail.text).toContain('By: our support team');
    expect(mail.text).not.toContain('From:');
  });

  it('escapes names in HTML', () => {
    const mail = composeSecurityEmail({ ...input('passkey_added', 'en', '<img src=x>'), name: 'A & <b>' });
    expect(mail.html).toContain('Hello A &amp; &lt;b&gt;,');
    expect(mail.html).toContain('“&lt;img src=x&gt;”');
    expect(mail.html).not.toContain('<img');
  });
});
