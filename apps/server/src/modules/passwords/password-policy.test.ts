import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract';
import fc from 'fast-check';
import { COMMON_AFFIXES, COMMON_WORDS, isListedPassword, KEYBOARD_WALKS, KNOWN_LONG } from './common-passwords';
import { checkPasswordPolicy, isCommonPassword, isPersonalPassword } from './password-policy';

const owner = { username: 'pat.lee', email: 'Pat.Lee@Example.com' };

describe('password policy', () => {
  it.each([
    ['', AUTH_MESSAGES.passwordTooShort],
    ['Abcdefgh-1!', AUTH_MESSAGES.passwordTooShort],
    ['🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢', AUTH_MESSAGES.passwordTooShort],
    ['x'.repeat(257), AUTH_MESSAGES.passwordTooLong],
    ['pat.lee', AUTH_MESSAGES.passwordTooShort],
    ['Pat.Lee@example.com', AUTH_MESSAGES.passwordPersonal],
    ['pat.lee12345!', AUTH_MESSAGES.passwordPersonal],
    ['2024PAT.LEE!!', AUTH_MESSAGES.passwordPersonal],
    ['Password1234', AUTH_MESSAGES.passwordTooCommon],
    ['P@ssw0rd2024!', AUTH_MESSAGES.passwordTooCommon],
    ['iloveyou1234', AUTH_MESSAGES.passwordTooCommon],
    ['qwertyuiop12', AUTH_MESSAGES.passwordTooCommon],
    ['1qaz2wsx3edc', AUTH_MESSAGES.passwordTooCommon],
    ['123456789012', AUTH_MESSAGES.passwordTooCommon],
    ['abcdefghijkl', AUTH_MESSAGES.passwordTooCommon],
    ['aaaaaaaaaaaa', AUTH_MESSAGES.passwordTooCommon],
    ['abcabcabcabc', AUTH_MESSAGES.passwordTooCommon],
    ['dragondragon', AUTH_MESSAGES.passwordTooCommon],
    ['Summer2024!!!', AUTH_MESSAGES.passwordTooCommon],
    ['$uperman1990', AUTH_MESSAGES.passwordTooCommon],
    ['Welcome123456', AUTH_MESSAGES.passwordTooCommon],
    ['football12345678', AUTH_MESSAGES.passwordTooCommon],
    ['correcthorsebatterystaple', AUTH_MESSAGES.passwordTooCommon],
    ['Correct-Horse-42!', null],
    ['Lantern-Orbit-Meadow-73', null],
    ['password83749261', null],
    ['tV9#qLr2!mZx', null],
    ['blue ocean tiger lamp', null],
    ['🐢🦊🐙🦉🐝🦄🐳🦋🐞🦀🐌🦜', null],
    ['🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🦊', AUTH_MESSAGES.passwordTooCommon],
    ['x'.repeat(255) + 'y', null],
  ])('%j → %s', (password, expected) => {
    expect(checkPasswordPolicy(password, owner)).toBe(expected);
  });

  it('uses the texts the web app shows', () => {
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 12 characters.');
    expect(AUTH_MESSAGES.passwordTooCommon).toBe('This password is too common. Choose a less predictable one.');
  });

  describe('the list of common passwords', () => {
    // The list as it was once kept: spelled out entry by entry from the same words, affixes and walks.
    const spelledOut = new Set<string>(KNOWN_LONG);
    for (const word of COMMON_WORDS) {
      spelledOut.add(word + word);
      for (const affix of COMMON_AFFIXES) {
        spelledOut.add(word + affix);
        if (affix) spelledOut.add(affix + word);
      }
    }
    for (const walk of KEYBOARD_WALKS) spelledOut.add(walk).add([...walk].reverse().join(''));

    it('holds tens of thousands of lower-case entries, the classics among them', () => {
      expect(spelledOut.size).toBe(86_782);
      expect([...spelledOut].every((p) => p === p.toLowerCase())).toBe(true);
      for (const known of [
        'password',
        'password1',
        'qwerty123',
        'iloveyou',
        'letmein!',
        'monkey2020',
        'trustno1',
        '2024summer',
        'poiuytrewq',
      ]) {
        expect(isListedPassword(known), known).toBe(true);
      }
    });

    it('matches every entry of the spelled-out list', () => {
      const missed = [...spelledOut].filter((entry) => !isListedPassword(entry));
      expect(missed).toEqual([]);
    });

    it.each([
      'passwordx',
      'xpassword',
      'password12345678901',
      'dragonmonkey',
      'passwor',
      '',
      'correcthorsebattery',
      '1999!dragon',
    ])('leaves off %j', (text) => {
      expect(isListedPassword(text)).toBe(false);
    });

    it('matches exactly what the spelled-out list holds, for texts made of its pieces', () => {
      const piece = fc.constantFrom(
        ...COMMON_WORDS.slice(0, 40),
        ...COMMON_AFFIXES.slice(0, 60),
        ...KEYBOARD_WALKS,
        'x',
        '!',
        '9',
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 3 }), (pieces) => {
          const text = pieces.join('');
          expect(isListedPassword(text)).toBe(spelledOut.has(text));
        }),
        { numRuns: 5_000 },
      );
    });
  });

  it.each([
    ['pat.lee', true],
    ['PAT.LEE', true],
    ['pat.lee@example.com', true],
    ['pat.lee2025', true],
    ['pat.lee.long.phrase', false],
    ['someone-else', false],
  ])('personal: %j → %s', (password, expected) => {
    expect(isPersonalPassword(password, owner)).toBe(expected);
  });

  it('does not treat very short usernames as personal words', () => {
    expect(isPersonalPassword('al-mountain-river', { username: 'al', email: null })).toBe(false);
  });

  it.each([
    ['Dragon-2024', true],
    ['monkey!!', true],
    ['ZXCVBNM12345', true],
    ['0987654321', true],
    ['Fjord-Quartz-Vellum', false],
  ])('common: %j → %s', (password, expected) => {
    expect(isCommonPassword(password)).toBe(expected);
  });
});
