/**
 * A statement of account as CSV for spreadsheets: a byte-order mark, the header in the account's
 * language, the opening balance, every movement with what is owed after it, the closing balance.
 * Days are the account's calendar days (`YYYY-MM-DD`); amounts are exact decimals with a point, as in
 * the CDR export. Small (a statement holds at most a thousand movements of each kind), so one string.
 */
import { minorToDecimal, toMinor } from '@portal/contract';
import { UTF8_BOM, csvRecord } from '../../lib/csv';
import type { StatementDocumentData } from './statement-data';
import { STATEMENT_TEXTS } from './statement-texts';

export const statementCsv = (data: StatementDocumentData): string => {
  const t = STATEMENT_TEXTS[data.language];
  const records = [
    csvRecord(t.csvColumns),
    csvRecord([data.from, t.csvKinds.opening, '', '', '', '', data.openingOwing]),
    ...data.lines.map((line) =>
      csvRecord([line.date, t.csvKinds[line.kind], line.reference, line.description, line.charge ?? '', line.credit ?? '', line.owing]),
    ),
    // The closing row carries the period's totals: invoiced, and paid plus credited.
    csvRecord([data.to, t.csvKinds.closing, '', '', data.invoiced, minorToDecimal(toMinor(data.paid) + toMinor(data.credited)), data.closingOwing]),
  ];
  return `${UTF8_BOM}${records.join('')}`;
};
