/**
 * `account.updated`: what the provider's systems keep of an account (where invoices are mailed and how, the language,
 * the billing contact and address), before and after one change of its details.
 */
import type { EventActor, EventData } from '@portal/contract';
import { recordTypedEvent } from '../../lib/event-data';
import type { AccountState, StoredLink, StoredRow } from './customer-details-plan';
import { loadAccountState } from './customer-details-store';

export type AccountEventChanges = EventData<'account.updated'>['changes'];
export interface AccountEventFields {
  invoiceEmail: string | null;
  language: string;
  billDelivery: string;
  billingContact: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
}

const billingValues = <V extends object>(links: StoredLink[], rows: StoredRow<V>[], now: Date): Record<string, unknown> | null => {
  const link = links.find((l) => l.type === 'Billing' && l.startDate <= now && (l.endDate === null || l.endDate > now));
  const row = link && rows.find((r) => r.id === link.targetId);
  return row ? { ...(row.values as Record<string, unknown>) } : null;
};

/** The fields `account.updated` tells of, as the account holds them at `now`. */
export const accountEventFields = (state: AccountState, now: Date): AccountEventFields => ({
  invoiceEmail: state.account.invoiceEmailAddress,
  language: state.account.language,
  billDelivery: state.account.billDelivery,
  billingContact: billingValues(state.contactLinks, state.contacts, now),
  billingAddress: billingValues(state.addressLinks, state.addresses, now),
});

// Values are plain JSON (strings, numbers, null), so their JSON text compares them; keys are sorted first.
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value;

/** The fields that differ, each with its value before and after; empty when nothing the event tells of changed. */
export const accountChanges = (before: AccountEventFields, after: AccountEventFields): AccountEventChanges => {
  const changes: AccountEventChanges = {};
  for (const field of ['invoiceEmail', 'language', 'billDelivery', 'billingContact', 'billingAddress'] as const) {
    if (!sameValue(before[field], after[field])) changes[field] = { before: before[field], after: after[field] };
  }
  return changes;
};

/**
 * In the transaction of the change, after it was written: records `account.updated` when one of the fields
 * changed from what `before` held (the same details again record nothing).
 */
export const recordAccountUpdated = async (tx: Parameters<typeof loadAccountState>[0], before: AccountState, actor: EventActor, now: Date): Promise<void> => {
  const after = await loadAccountState(tx, before.accountId);
  if (!after) return;
  const changes = accountChanges(accountEventFields(before, now), accountEventFields(after, now));
  if (Object.keys(changes).length === 0) return;
  await recordTypedEvent(tx, { type: 'account.updated', accountId: before.accountId, actor, data: { changes }, at: now });
};
