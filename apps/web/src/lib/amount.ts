import { MONEY_WHOLE_DIGITS, type Money } from '@portal/contract';

/** The contract's money parser takes no more digits before the decimal point than the database holds. */
const MONEY_LIMIT = 10 ** MONEY_WHOLE_DIGITS;

/**
 * A typed amount as money: digits with at most 2 decimals, above zero. Anything else (empty, "abc", "-5",
 * "1.234", "1e3") is not a valid amount → null.
 */
export const parseAmount = (text: string): Money | null => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed) && !/^\.\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0 || value >= MONEY_LIMIT) return null;
  return value;
};
