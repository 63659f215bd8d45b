import { escapeLike } from '../../lib/like-pattern';
/** The search text as the SQL matches it. Pure. */

/** Fewest digits a phone search needs: shorter digit runs match too much to be useful. */
export const MIN_PHONE_DIGITS = 3;

export interface SearchTerms {
  /** Lower-cased, trimmed: compared for exact matches. */
  exact: string;
  /** LIKE pattern: starts with the text. */
  prefix: string;
  /** LIKE pattern: contains the text. */
  contains: string;
  /** The text's digits when it reads as a phone number (digits and + ( ) - . spaces only), else null. */
  phoneDigits: string | null;
  /** The text holds an `@`: only emails can match (and the query needs only their indexes). */
  email: boolean;
}


export const searchTerms = (search: string): SearchTerms => {
  const exact = search.trim().toLowerCase();
  const escaped = escapeLike(exact);
  const digits = exact.replace(/\D/g, '');
  const looksLikePhone = /^[+\d\s().-]+$/.test(exact) && digits.length >= MIN_PHONE_DIGITS;
  return { exact, prefix: `${escaped}%`, contains: `%${escaped}%`, phoneDigits: looksLikePhone ? digits : null, email: exact.includes('@') };
};
