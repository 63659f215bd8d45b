/**
 * Account/{accountId}/statement: the statement of account for a date range as a PDF
 * or CSV file, written for the account: its language, its calendar days (the billing address's time
 * zone) and the provider's tax registrations as on invoices. The figures are `loadStatement`'s, the
 * same the JSON statement presents.
 */
import type { StatementFormat } from '@portal/contract';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { BRAND } from '../../lib/brand';
import { taxNumbersOf } from '../../lib/tax-registrations';
import { findBillTo } from '../invoices';
import { loadStatement, requireVisibleAccount } from './service';
import { statementCsv } from './statement-csv';
import { statementDocumentData } from './statement-data';
import { renderStatementPdf } from './statement-pdf';
import { periodOf } from './statement-rules';
import { STATEMENT_TEXTS } from './statement-texts';

export interface StatementDocument {
  fileName: string;
  contentType: 'application/pdf' | 'text/csv; charset=utf-8';
  body: Buffer | string;
}

/** The statement file; the query is already valid (from ≤ to, at most the longest period). 404 unless the caller may use the account. */
export const getStatementDocument = async (
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: Caller,
  accountId: bigint,
  query: { from: string; to: string; format: StatementFormat },
): Promise<StatementDocument> => {
  const account = await requireVisibleAccount(db, caller, accountId);
  const now = clock.now();
  const billTo = await findBillTo(db, account.id, null, now);
  if (!billTo) throw new Error(`Account ${account.id} is missing`);
  const statement = await loadStatement(db, caller, account, periodOf(query.from, query.to, billTo.timeZone));
  const data = statementDocumentData({ brand: BRAND, statement, billTo, from: query.from, to: query.to, taxNumbers: taxNumbersOf(config), now });
  const fileName = STATEMENT_TEXTS[data.language].fileName(data.accountNumber, query.from, query.to, query.format);
  return query.format === 'pdf'
    ? { fileName, contentType: 'application/pdf', body: await renderStatementPdf(data) }
    : { fileName, contentType: 'text/csv; charset=utf-8', body: statementCsv(data) };
};
