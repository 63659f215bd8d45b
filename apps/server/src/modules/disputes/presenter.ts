import { fromMinor, type CurrencyCode, type Dispute } from '@portal/contract';
import { money } from '../invoices';
import type { DisputeRow } from './repository';

/** A call record's amount has 4 decimals: shown to the cent, half up (what was disputed is exact in cents). */
const lineMoney = (numeric: string) => {
  const negative = numeric.startsWith('-');
  const [whole, fraction = ''] = numeric.replace('-', '').split('.');
  const digits = fraction.padEnd(4, '0');
  const cents = BigInt(whole!) * 100n + BigInt(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1n : 0n);
  return fromMinor(negative ? -cents : cents);
};

export const presentDispute = (row: DisputeRow): Dispute => ({
  id: row.id,
  accountId: row.accountId,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  chargeId: row.chargeId,
  cdrId: row.cdrId,
  lineChargeId: row.lineChargeId === null ? null : BigInt(row.lineChargeId),
  lineDescription: row.lineDescription,
  lineAmount: lineMoney(row.lineAmount),
  reason: row.reason,
  details: row.details,
  amount: money(row.amount),
  currency: row.currency.trim() as CurrencyCode,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  raisedBy: row.raisedBy,
  reviewed: row.reviewedAt ? { name: row.reviewedBy, at: row.reviewedAt.toISOString() } : null,
  resolved: row.resolvedAt ? { name: row.resolvedBy, at: row.resolvedAt.toISOString() } : null,
  creditedAmount: row.creditedAmount === null ? null : money(row.creditedAmount),
  creditedTax: row.creditedTax === null ? null : money(row.creditedTax),
  rejectionReason: row.rejectionReason,
});
