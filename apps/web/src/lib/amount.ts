import type { Money } from '@portal/contract';

/** Largest amount the contract accepts (|amount| < 1e13). */
const MONEY_LIMIT = 1e13;

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
