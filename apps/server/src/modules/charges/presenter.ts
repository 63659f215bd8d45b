import type { Charge, CurrencyCode } from '@portal/contract';
import { money } from '../invoices';
import type { ChargeRow } from './repository';

export const presentCharge = (row: ChargeRow): Charge => ({
  id: row.id,
  accountId: row.accountId,
  invoiceId: row.invoiceId,
  category: row.category,
  description: row.description,
  // Quantities (3 decimals) and unit rates (4 decimals) are not money: plain numbers are exact enough to show.
  quantity: Number(row.quantity),
  unitAmount: row.unitAmount === null ? null : Number(row.unitAmount),
  amount: money(row.amount),
  currency: row.currency.trim() as CurrencyCode,
  startDate: row.startDate,
  endDate: row.endDate,
  taxCode: row.taxCode,
});
