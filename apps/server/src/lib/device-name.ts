import Bowser from 'bowser';
import type { DocumentLanguage } from './language';

/** The browser and system a user agent names, as Bowser spells them ("Chrome", "macOS"); null where it names none. */
export interface DeviceParts {
  browser: string | null;
  os: string | null;
}

export const deviceParts = (userAgent: string | null | undefined): DeviceParts => {
  if (!userAgent?.trim()) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  return { browser: browser.name || null, os: os.name || null };
};

const WORDS: Record<DocumentLanguage, { on: (browser: string, os: string) => string; unknown: string }> = {
  en: { on: (browser, os) => `${browser} on ${os}`, unknown: 'Unknown device' },
  fr: { on: (browser, os) => `${browser} sur ${os}`, unknown: 'Appareil inconnu' },
};

/** "Chrome on macOS", "Safari sur iOS": how a person recognises a session or a change's origin. */
export const deviceName = (userAgent: string | null | undefined, language: DocumentLanguage = 'en'): string => {
  const { browser, os } = deviceParts(userAgent);
  const words = WORDS[language];
  if (browser && os) return words.on(browser, os);
  return browser || os || words.unknown;
};
