/** `%`, `_` and `\` in the text match themselves (backslash is PostgreSQL's LIKE escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain the text anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
