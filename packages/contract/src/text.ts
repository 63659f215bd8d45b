import { z } from 'zod';

/**
 * Control characters a person never types: C0 controls other than tab, line feed and carriage
 * return, DEL and the C1 controls. NUL among them cannot be stored by PostgreSQL at all.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** With the `u` flag a well-formed pair is one code point, so only an unpaired half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

export const TEXT_MESSAGES = {
  controlCharacter: 'Text may not contain control characters.',
  invalidUnicode: 'Text must be valid Unicode (it contains a lone surrogate).',
} as const;

/** Why a string may not be accepted as text, or null when it may (one rule for every input). */
export const textProblem = (value: string): string | null => {
  if (CONTROL_CHARACTER.test(value)) return TEXT_MESSAGES.controlCharacter;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.invalidUnicode;
  return null;
};

/**
 * Any string a caller sends: free of control characters and lone surrogates. Every string of a
 * request schema starts from this one (formats such as email and URL add their own checks).
 */
export const textSchema = () =>
  z.string().check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
  });

/** Trimmed text of at most `max` characters. */
export const trimmedText = (max: number) => textSchema().trim().max(max, `Must be at most ${max} characters`);
