import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type KeyValueStore } from '../storage';
import { changeLanguage, initialLanguage, linkLanguage } from './i18n';

const storeWith = (entries: Record<string, string>): KeyValueStore => {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
};

describe('the language a page opens in', () => {
  it.each<[string, Record<string, string>, 'en' | 'fr', 'en' | 'fr']>([
    ['nothing saved: the browser’s', {}, 'fr', 'fr'],
    ['nothing saved, English browser', {}, 'en', 'en'],
    ['last shown in French (an account’s preference), English browser', { [STORAGE_KEYS.lastLanguage]: 'fr' }, 'en', 'fr'],
    ['last shown in English, French browser', { [STORAGE_KEYS.lastLanguage]: 'en' }, 'fr', 'en'],
    ['a pick wins over the last shown', { [STORAGE_KEYS.language]: 'en', [STORAGE_KEYS.lastLanguage]: 'fr' }, 'fr', 'en'],
    ['garbage is ignored', { [STORAGE_KEYS.language]: 'de', [STORAGE_KEYS.lastLanguage]: 'xx' }, 'fr', 'fr'],
  ])('%s', (_name, entries, browser, expected) => {
    expect(initialLanguage(storeWith(entries), browser)).toBe(expected);
  });

  it('opens in the language the link asks for, over a pick, the last shown and the browser', () => {
    const picked = storeWith({ [STORAGE_KEYS.language]: 'en', [STORAGE_KEYS.lastLanguage]: 'en' });
    expect(initialLanguage(picked, 'en', linkLanguage('?lang=fr'))).toBe('fr');
    expect(initialLanguage(picked, 'fr', linkLanguage('?x=1&lang=en'))).toBe('en');
    expect(initialLanguage(picked, 'fr', linkLanguage('?lang=de'))).toBe('en');
    expect(linkLanguage('')).toBeNull();
    expect(linkLanguage('?language=fr')).toBeNull();
  });

  it('remembers every change as the last shown, without making it a pick', async () => {
    localStorage.clear();
    await changeLanguage('fr');
    expect(localStorage.getItem(STORAGE_KEYS.lastLanguage)).toBe('fr');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
    await changeLanguage('en', { remember: true });
    expect(localStorage.getItem(STORAGE_KEYS.lastLanguage)).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    localStorage.clear();
  });
});
