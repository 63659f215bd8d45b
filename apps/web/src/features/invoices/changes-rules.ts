/** Where a cause of a bill's changes links to (docs/decisions/0037-a-bill-that-explains-itself.md). Pure. */
import type { BillChangeCause } from '@portal/contract';
import { invoicePath, paths } from '@/config/paths';

/** The usage explorer filtered to a usage cause's records (its URL filters), or null for a cause without records. */
export const causeUsageHref = (cause: Pick<BillChangeCause, 'usage'>): string | null => {
  if (!cause.usage) return null;
  const params = new URLSearchParams({ from: cause.usage.from, to: cause.usage.to });
  if (cause.usage.type) params.set('type', cause.usage.type);
  if (cause.usage.roaming !== undefined) params.set('roaming', String(cause.usage.roaming));
  if (cause.usage.minAmount) params.set('minAmount', cause.usage.minAmount);
  return `${paths.usage}?${params.toString()}`;
};

/** A cause's lines: this invoice's charges, or for a charge gone the previous invoice's; null when it has none. */
export const causeLinesHref = (cause: Pick<BillChangeCause, 'kind' | 'chargeIds'>, previousInvoiceId: bigint | null): string | null => {
  if (cause.chargeIds.length === 0) return null;
  if (cause.kind === 'chargeGone') return previousInvoiceId === null ? null : `${invoicePath(previousInvoiceId)}#charges-title`;
  return '#charges-title';
};
