import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@portal/contract';
import { isListedPassword, WALKS_EITHER_WAY } from './common-passwords';

/** Whose password it is: it may not be their username or email address. */
export interface PasswordOwner {
  username: string;
  email: string | null;
}

/** Letters people swap in for look-alikes ("p@ssw0rd"); 1 reads as i or l, so both are tried. */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '2': 'z',
  '+': 't',
};
const unleet = (text: string): string[] => {
  const base = [...text].map((c) => LEET[c] ?? c).join('');
  return base.includes('1') || base.includes('!') || base.includes('|')
    ? [base.replace(/[1!|]/g, 'i'), base.replace(/[1!|]/g, 'l')]
    : [base];
};

/** Each character one step up (or each one step down) from the last: "abcdef", "4321", "7890". */
const isRun = (text: string): boolean => {
  if (text.length < 4) return false;
  const step = (a: string, b: string) => {
    if (a === '9' && b === '0') return 1;
    if (a === '0' && b === '9') return -1;
    return b.charCodeAt(0) - a.charCodeAt(0);
  };
  const first = step(text[0]!, text[1]!);
  if (first !== 1 && first !== -1) return false;
  for (let i = 1; i < text.length - 1; i++) if (step(text[i]!, text[i + 1]!) !== first) return false;
  return true;
};

/** A short unit over and over: "aaaaaaaaaaaa", "abcabcabcabc", "121212121212". */
const isShortRepeat = (text: string): boolean => {
  for (let unit = 1; unit <= 4 && unit * 2 <= text.length; unit++) {
    const chunk = text.slice(0, unit);
    if (chunk.repeat(Math.ceil(text.length / unit)).slice(0, text.length) === text) return true;
  }
  return false;
};

const isWalk = (text: string): boolean => text.length >= 4 && WALKS_EITHER_WAY.some((walk) => walk.includes(text));

/** Numbers and symbols that add next to nothing: up to 4 digits, a year, a digit run, ≤ 3 symbols. */
const isWeakAffix = (affix: string): boolean => {
  const trimmed = affix.replace(/^[^\p{L}\p{N}]{0,3}/u, '').replace(/[^\p{L}\p{N}]{0,3}$/u, '');
  if (!/^\d*$/.test(trimmed)) return false;
  return trimmed.length <= 4 || isRun(trimmed) || isShortRepeat(trimmed);
};

const isPredictableCore = (core: string, depth = 0): boolean => {
  if (core.length < 3) return false;
  if (isListedPassword(core) || isWalk(core) || isRun(core) || isShortRepeat(core)) return true;
  // The same predictable word twice or more ("dragondragon").
  if (depth === 0) {
    for (let unit = 3; unit * 2 <= core.length; unit++) {
      if (
        core.length % unit === 0 &&
        core.slice(0, unit).repeat(core.length / unit) === core &&
        isPredictableCore(core.slice(0, unit), 1)
      ) {
        return true;
      }
    }
  }
  return false;
};

const MAX_PREFIX = 8;
const MAX_SUFFIX = 14;

/**
 * The predictable middle of a password with weak affixes peeled off, every way they can be peeled:
 * "P@ssw0rd2024!" yields "p@ssw0rd" (among others).
 */
const cores = (lower: string): string[] => {
  const found: string[] = [];
  for (let start = 0; start <= Math.min(MAX_PREFIX, lower.length); start++) {
    if (!isWeakAffix(lower.slice(0, start))) continue;
    for (let end = lower.length; end >= Math.max(start + 1, lower.length - MAX_SUFFIX); end--) {
      if (isWeakAffix(lower.slice(end))) found.push(lower.slice(start, end));
    }
  }
  return found;
};

const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/** Whether the password is a common one or a trivial variation of one (pure). */
export const isCommonPassword = (password: string): boolean => {
  const lower = normalise(password);
  if (isListedPassword(lower) || isShortRepeat(lower) || isRun(lower) || isWalk(lower)) return true;
  return cores(lower).some((core) => isPredictableCore(core) || unleet(core).some((plain) => isPredictableCore(plain)));
};

/** Whether the password is the owner's username or email (or its local part) give or take a weak affix. */
export const isPersonalPassword = (password: string, owner: PasswordOwner): boolean => {
  const email = owner.email ? normalise(owner.email) : null;
  const identifiers = [normalise(owner.username), email, email?.split('@')[0]].filter(
    (id): id is string => !!id && id.length >= 3,
  );
  if (identifiers.length === 0) return false;
  const lower = normalise(password);
  return [lower, ...cores(lower)].some((candidate) => identifiers.includes(candidate));
};

/** The first rule the new password breaks, as the text to show; null when it is acceptable. */
export const checkPasswordPolicy = (password: string, owner: PasswordOwner): string | null => {
  // Characters as people count them (an emoji is one), not UTF-16 units.
  if ([...password].length < PASSWORD_MIN) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  if (isPersonalPassword(password, owner)) return AUTH_MESSAGES.passwordPersonal;
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordTooCommon;
  return null;
};
