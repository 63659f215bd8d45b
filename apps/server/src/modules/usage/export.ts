/**
 * The explorer's filtered set as CSV, streamed as the invoice CDR download is (billing's primitives):
 * the same columns, language, time zone and byte-order mark, formatted by PostgreSQL's COPY.
 * - PostgreSQL: one COPY of the whole set on a connection of the export pool (`copyCsvStream`).
 * - PGlite: keyset chunks over (started_at, id), each one bounded COPY, so memory stays flat and other
 *   requests run between chunks.
 * Records come in time order. The WHERE clause is the explorer's own condition (`usageCondition`),
 * printed with inline literals because COPY takes no bind parameters; its values are validated dates,
 * enums, digits and amounts, quoted by the SQL dialect.
 */
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { UTF8_BOM } from '../../lib/csv';
import { CDR_CHUNK_ROWS, ORDERED_INDEX_SCAN, cdrSelectList, copyCsvStream, timeZoneStatement, type CdrCsvOptions } from '../billing';
import { conditionText } from './repository';

interface Position {
  /** `started_at` as PostgreSQL prints it, and the id. */
  at: string;
  id: string;
}

// Keyset positions are read back from the database; they are checked before being printed into a COPY.
const positionText = ({ at, id }: Position): string => {
  if (!/^[0-9 :.+-]+$/.test(at) || !/^\d+$/.test(id)) throw new RangeError('Unexpected keyset position');
  return `('${at}'::timestamptz, ${id}::bigint)`;
};

/** The COPY of the filtered records, or of those after `after` up to `through`, in time order. */
export const usageCopyStatement = (
  condition: SQL,
  options: { csv: CdrCsvOptions; after?: Position | null; through?: Position | null; header?: boolean; target?: string },
): string => {
  const { csv, after = null, through = null, header = true, target = 'stdout' } = options;
  const range = `${after ? ` and (started_at, id) > ${positionText(after)}` : ''}${through ? ` and (started_at, id) <= ${positionText(through)}` : ''}`;
  return `copy (select ${cdrSelectList(csv.language)} from cdrs where ${conditionText(condition)}${range} order by started_at, id) to ${target} with (format csv, header ${header})`;
};

type PGlite = NonNullable<Database['pglite']>;
const dialect = new PgDialect();

const readChunk = (pglite: PGlite, condition: SQL, after: Position | null, chunkRows: number, header: boolean, csv: CdrCsvOptions) =>
  pglite.transaction(async (tx) => {
    await tx.exec(`${ORDERED_INDEX_SCAN}; ${timeZoneStatement(csv.timeZone, { local: true })}`);
    // The last record of this chunk; none when fewer than a chunk remain (the last chunk).
    const last = dialect.sqlToQuery(sql`
      select started_at::text as at, id::text as id from cdrs
      where ${condition}${after ? sql.raw(` and (started_at, id) > ${positionText(after)}`) : sql``}
      order by started_at, id offset ${chunkRows - 1} limit 1`);
    const { rows } = await tx.query<Position>(last.sql, last.params);
    const through = rows[0] ?? null;
    const copied = await tx.query(usageCopyStatement(condition, { csv, after, through, header, target: `'/dev/blob'` }));
    return { through, text: copied.blob ? await copied.blob.text() : '' };
  });

async function* pagedCsv(pglite: PGlite, condition: SQL, chunkRows: number, csv: CdrCsvOptions): AsyncGenerator<string> {
  let after: Position | null = null;
  for (let first = true; ; first = false) {
    const { through, text }: { through: Position | null; text: string } = await readChunk(pglite, condition, after, chunkRows, first, csv);
    if (first) yield `${UTF8_BOM}${text}`;
    else if (text) yield text;
    if (through === null) return;
    after = through;
  }
}

/** The filtered records as a CSV byte stream written for the account; destroy it to stop reading. */
export const usageCsvStream = async (database: Database, condition: SQL, csv: CdrCsvOptions, chunkRows = CDR_CHUNK_ROWS): Promise<Readable> => {
  if (database.exportPool) return copyCsvStream(database.exportPool, usageCopyStatement(condition, { csv }), csv.timeZone);
  if (!database.pglite) throw new Error('No database to export from');
  return Readable.from(pagedCsv(database.pglite, condition, chunkRows, csv), { objectMode: false });
};
