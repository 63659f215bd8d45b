/**
 * The one error the dnfilter/orderby code throws for bad input. The HTTP layer answers it with
 * 400 `{ error: message }`; anything else escaping these modules is a programming error.
 */
export class FilterError extends Error {
  override readonly name = 'FilterError';
  /** 0-based offset (UTF-16 code units) in the text the caller sent. */
  readonly position: number;
  /** The message without its position, e.g. for a UI that highlights the spot itself. */
  readonly reason: string;

  constructor(reason: string, position: number) {
    super(`${reason} at position ${position}`);
    this.reason = reason;
    this.position = position;
  }
}

/** Whether a caught value is a `FilterError` (a 400, not a 500). */
export const isFilterError = (error: unknown): error is FilterError => error instanceof FilterError;

const MAX_SHOWN = 40;
// Control characters and unpaired surrogates would make the message unreadable or invalid UTF-8.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A piece of the caller's text, quoted for a message: escaped and cut to a readable length. */
export const show = (text: string): string => {
  const characters = Array.from(text);
  const cut = characters.length > MAX_SHOWN ? `${characters.slice(0, MAX_SHOWN).join('')}…` : text;
  const printable = cut.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `'${printable}'`;
};
