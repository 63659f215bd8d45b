/**
 * The two languages the portal writes documents and mail in. Each document or message keeps its own
 * small English/French catalog beside it (typed so French has every English key); numbers and dates
 * come from Intl in the language's Canadian locale.
 */
import { localeOfLanguage } from '@portal/contract/regions';

export type DocumentLanguage = 'en' | 'fr';

/** An account's language ('English' | 'French') → the language its documents are written in. */
export const documentLanguage = (language: string | null | undefined): DocumentLanguage =>
  language ? localeOfLanguage(language) : 'en';

/** A catalog per language; French must have exactly the English keys. */
export type Texts<T> = Readonly<Record<DocumentLanguage, T>>;
