/** Invoice/{id}/changes and the PDF's first section: the bill's changes read, explained and worded. */
import { minorToDecimal, toMinor, type InvoiceChanges } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import type { DocumentLanguage } from '../../lib/language';
import { explainBillChanges } from './bill-changes';
import { causeText, changesSummary } from './bill-changes-texts';
import { findBillPair, type InvoiceRow } from './repository';

/** What changed on `invoice`, worded in `language` (the caller's on screen, the account's on paper). */
export const invoiceChanges = async (
  db: PortalDb,
  invoice: InvoiceRow,
  language: DocumentLanguage,
): Promise<InvoiceChanges> => {
  const pair = await findBillPair(db, invoice);
  const changes = explainBillChanges(pair.invoice, pair.previous);
  return {
    invoiceId: invoice.id,
    previousInvoiceId: pair.previous?.id ?? null,
    difference: minorToDecimal(changes.difference),
    summary: changesSummary({ difference: changes.difference, previousTotal: pair.previous ? toMinor(pair.previous.amount) : null }, language, invoice.currency),
    causes: changes.causes.map((cause) => ({
      kind: cause.kind,
      amount: minorToDecimal(cause.amount),
      text: causeText(cause, language, invoice.currency),
      chargeIds: cause.chargeIds,
      ...(cause.usage ? { usage: cause.usage } : {}),
    })),
  };
};
