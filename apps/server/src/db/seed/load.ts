/**
 * Loads a seed set (users + account specs) table by table with COPY. Each table is one pass over
 * the accounts that rebuilds, deterministically, just what that table needs (see build-account),
 * so the loader never holds more than one account's rows however many accounts there are.
 *
 * Ids are allocated here, not by the sequences: the tables are locked against other writers, the
 * next free id of each table is read once, rows carry explicit ids (so foreign keys need no round
 * trip), and the sequences are moved past the loaded rows at the end.
 */
import { formatTenThousandths } from '../../lib/rating';
import type { AccountSpec } from './account-spec';
import {
  buildBilling,
  buildHeader,
  type AccountBilling,
  type AccountHeader,
  type BuildContext,
  type CdrSink,
} from './build-account';
import { dayOf, instantOf } from './calendar';
import { NULL_CELL, TimestampFormatter, escapeText } from './copy-text';
import type { BulkSession } from './bulk';
import { UsageMemory } from './usage';
import {
  ACCOUNTS,
  ACCOUNT_ADDRESSES,
  ACCOUNT_CONTACTS,
  ADDRESSES,
  AUTOPAY_SCHEDULES,
  CDRS,
  CHARGES,
  CONTACTS,
  INVOICES,
  SEED_TABLES,
  PAYMENTS,
  PAYMENT_ASSIGNMENTS,
  PAYMENT_METHODS,
  RECEIVABLES,
  SANDBOX_VAULT,
  SERIAL_TABLES,
  SSO_IDENTITIES,
  USERS,
  USER_ACCOUNTS,
  encodeTableRow,
  type IdCursor,
  type RowOf,
  type TableDef,
} from './tables';

export interface UserSpec {
  username: string;
  email: string | null;
  name: string;
  status: 'pending' | 'active' | 'disabled';
  roles: readonly string[];
  passwordHash: string | null;
  createdDay: number;
  /** Accounts (positions in the seed set) the user may use: its `ac:{id}` scopes. */
  accountIndexes: readonly number[];
  sso?: { issuer: string; subject: string } | undefined;
}

/** What to load. Accounts are produced on demand, so a set of any size costs no memory. */
export interface SeedSet {
  accountCount: number;
  /** Parents come before their sub-accounts. */
  account(index: number): AccountSpec;
  users: readonly UserSpec[];
}

export interface LoadProgress {
  table: string;
  rows: number;
  seconds: number;
  /** False for the interim reports of a long table. */
  done: boolean;
}

export interface LoadResult {
  /** Rows written per table. */
  rows: Record<string, number>;
  /** The first id used per table (account i got `firstIds.accounts + i`). */
  firstIds: IdCursor;
  seconds: number;
}

/** Blocks other writers (readers go on) so the ids read below stay free until commit. */
export const lockSeedTables = async (session: BulkSession): Promise<void> => {
  await session.query(`LOCK TABLE ${SEED_TABLES.map((t) => t.name).join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
};

const sequenceOf = (table: string) => `pg_get_serial_sequence('${table}', 'id')::regclass`;

/** The next free id of every serial table: above both its rows and its sequence. */
export const nextIds = async (session: BulkSession): Promise<IdCursor> => {
  const rows = await session.query<{ t: string; last: bigint | number | string }>(
    SERIAL_TABLES.map(
      (t) =>
        `SELECT '${t}' AS t, greatest((SELECT coalesce(max(id), 0) FROM ${t}), coalesce(pg_sequence_last_value(${sequenceOf(t)}), 0)) AS last`,
    ).join(' UNION ALL '),
  );
  const cursor = {} as IdCursor;
  for (const row of rows) {
    const last = Number(row.last);
    if (!Number.isSafeInteger(last + 1)) throw new RangeError(`Ids of ${row.t} are beyond what the generator handles`);
    cursor[row.t as keyof IdCursor] = last + 1;
  }
  return cursor;
};

/** Moves each sequence past the ids written, so later inserts continue after them. */
const advanceSequences = async (session: BulkSession, written: Record<string, number>): Promise<void> => {
  for (const table of SERIAL_TABLES) {
    if (!written[table]) continue;
    await session.query(`SELECT setval(${sequenceOf(table)}, (SELECT max(id) FROM ${table}))`);
  }
};

const CHUNK_CHARS = 256 << 10;
/** Interim progress of the CDR table, which is most of the load. */
const REPORT_EVERY_ROWS = 1_000_000;

interface Counter {
  rows: number;
}

/** Gathers lines into chunks of a few hundred KB: few, large COPY messages. */
class ChunkBuffer {
  private text = '';

  add(line: string): void {
    this.text += line;
  }

  get full(): boolean {
    return this.text.length >= CHUNK_CHARS;
  }

  take(): string {
    const text = this.text;
    this.text = '';
    return text;
  }
}

interface PassContext {
  set: SeedSet;
  build: BuildContext;
  counter: Counter;
  memory: UsageMemory;
}

function* userLines<D extends TableDef>(
  ctx: PassContext,
  def: D,
  rowsOf: (user: UserSpec, userId: number, cursor: IdCursor) => RowOf<D>[],
): Generator<string> {
  const cursor = { ...ctx.build.bases };
  const buffer = new ChunkBuffer();
  ctx.set.users.forEach((user, i) => {
    for (const row of rowsOf(user, ctx.build.bases.users + i, cursor)) {
      buffer.add(encodeTableRow(def, row));
      ctx.counter.rows++;
    }
  });
  const rest = buffer.take();
  if (rest) yield rest;
}

function* accountLines<D extends TableDef>(
  ctx: PassContext,
  def: D,
  rowsOf: (header: AccountHeader, billing: AccountBilling | null) => readonly RowOf<D>[],
  withBilling: boolean,
): Generator<string> {
  const cursor = { ...ctx.build.bases };
  const buffer = new ChunkBuffer();
  for (let i = 0; i < ctx.set.accountCount; i++) {
    const spec = ctx.set.account(i);
    const header = buildHeader(spec, i, cursor, ctx.build);
    const billing = withBilling ? buildBilling(spec, header, cursor, ctx.build, { memory: ctx.memory }) : null;
    for (const row of rowsOf(header, billing)) {
      buffer.add(encodeTableRow(def, row));
      ctx.counter.rows++;
    }
    if (buffer.full) yield buffer.take();
  }
  const rest = buffer.take();
  if (rest) yield rest;
}

/** CDR lines are written straight from the generator's record (columns in CDRS.keys order): no row object per CDR. */
function* cdrLines(ctx: PassContext, report: (rows: number) => void): Generator<string> {
  const cursor = { ...ctx.build.bases };
  const buffer = new ChunkBuffer();
  const time = new TimestampFormatter();
  const counter = ctx.counter;
  const sink: CdrSink = (cdr, invoiceId, accountId) => {
    buffer.add(
      `${cursor.cdrs++}\t${invoiceId}\t${accountId}\t${cdr.kind}\t${time.format(cdr.startedAt)}\t${cdr.fromNumber}\t${cdr.toNumber ?? NULL_CELL}\t` +
        `${cdr.durationSeconds}\t${cdr.dataKb}\t${escapeText(cdr.description)}\t${cdr.amount === 0 ? '0.0000' : formatTenThousandths(cdr.amount)}\t` +
        `${cdr.usageClass < 0 ? NULL_CELL : cdr.usageClass}\n`,
    );
    counter.rows++;
  };
  let nextReport = REPORT_EVERY_ROWS;
  for (let i = 0; i < ctx.set.accountCount; i++) {
    const spec = ctx.set.account(i);
    buildBilling(spec, buildHeader(spec, i, cursor, ctx.build), cursor, ctx.build, { memory: ctx.memory, onCdr: sink });
    if (counter.rows >= nextReport) {
      report(counter.rows);
      nextReport += REPORT_EVERY_ROWS;
    }
    if (buffer.full) yield buffer.take();
  }
  const rest = buffer.take();
  if (rest) yield rest;
}

type Pass = (ctx: PassContext, report: (rows: number) => void) => Iterable<string>;

/**
 * Load order. CDRs go first: they reference nothing by foreign key, and their pass remembers each
 * invoice's usage totals, so the invoice, charge and payment passes do not generate CDRs again.
 */
const PASSES: readonly [TableDef, Pass][] = [
  [CDRS, (ctx, report) => cdrLines(ctx, report)],
  [
    USERS,
    (ctx) =>
      userLines(ctx, USERS, (u, id) => [
        {
          id,
          username: u.username,
          email: u.email,
          name: u.name,
          passwordHash: u.passwordHash,
          status: u.status,
          roles: u.roles,
          createdAt: instantOf(u.createdDay, 13 * 3600),
          updatedAt: instantOf(u.createdDay, 13 * 3600),
          lastLoginAt: null,
        },
      ]),
  ],
  [
    SSO_IDENTITIES,
    (ctx) =>
      userLines(ctx, SSO_IDENTITIES, (u, userId, cursor) =>
        u.sso
          ? [
              {
                id: cursor.sso_identities++,
                userId,
                issuer: u.sso.issuer,
                subject: u.sso.subject,
                email: u.email,
                createdAt: instantOf(u.createdDay, 13 * 3600),
              },
            ]
          : [],
      ),
  ],
  [ACCOUNTS, (ctx) => accountLines(ctx, ACCOUNTS, (h) => [h.account], false)],
  [
    USER_ACCOUNTS,
    (ctx) =>
      userLines(ctx, USER_ACCOUNTS, (u, userId) =>
        u.accountIndexes.map((i) => ({ userId, accountId: ctx.build.bases.accounts + i })),
      ),
  ],
  [ADDRESSES, (ctx) => accountLines(ctx, ADDRESSES, (h) => h.addresses, false)],
  [ACCOUNT_ADDRESSES, (ctx) => accountLines(ctx, ACCOUNT_ADDRESSES, (h) => h.accountAddresses, false)],
  [CONTACTS, (ctx) => accountLines(ctx, CONTACTS, (h) => h.contacts, false)],
  [ACCOUNT_CONTACTS, (ctx) => accountLines(ctx, ACCOUNT_CONTACTS, (h) => h.accountContacts, false)],
  [SANDBOX_VAULT, (ctx) => accountLines(ctx, SANDBOX_VAULT, (h) => h.vault, false)],
  [PAYMENT_METHODS, (ctx) => accountLines(ctx, PAYMENT_METHODS, (h) => h.paymentMethods, false)],
  [AUTOPAY_SCHEDULES, (ctx) => accountLines(ctx, AUTOPAY_SCHEDULES, (h) => (h.autopay ? [h.autopay] : []), false)],
  [INVOICES, (ctx) => accountLines(ctx, INVOICES, (_, b) => b!.invoices, true)],
  [RECEIVABLES, (ctx) => accountLines(ctx, RECEIVABLES, (_, b) => b!.receivables, true)],
  [CHARGES, (ctx) => accountLines(ctx, CHARGES, (_, b) => b!.charges, true)],
  [PAYMENTS, (ctx) => accountLines(ctx, PAYMENTS, (_, b) => b!.payments, true)],
  [PAYMENT_ASSIGNMENTS, (ctx) => accountLines(ctx, PAYMENT_ASSIGNMENTS, (_, b) => b!.assignments, true)],
];

export interface LoadOptions {
  now: Date;
  onProgress?: ((progress: LoadProgress) => void) | undefined;
}

/** Loads the seed set made from the next free ids. The caller holds the transaction and the locks. */
export const loadSeedSet = async (
  session: BulkSession,
  makeSet: (firstIds: IdCursor) => SeedSet,
  options: LoadOptions,
): Promise<LoadResult> => {
  const started = performance.now();
  const firstIds = await nextIds(session);
  const set = makeSet(firstIds);
  const build: BuildContext = { today: dayOf(options.now), nowSecond: Math.floor(options.now.getTime() / 1000), bases: firstIds };
  const rows: Record<string, number> = {};
  const memory = new UsageMemory(firstIds.invoices);
  for (const [def, pass] of PASSES) {
    const tableStarted = performance.now();
    const counter: Counter = { rows: 0 };
    const seconds = () => (performance.now() - tableStarted) / 1000;
    await session.copyIn(
      def.name,
      def.columns,
      pass({ set, build, counter, memory }, (n) =>
        options.onProgress?.({ table: def.name, rows: n, seconds: seconds(), done: false }),
      ),
    );
    rows[def.name] = counter.rows;
    options.onProgress?.({ table: def.name, rows: counter.rows, seconds: seconds(), done: true });
  }
  await advanceSequences(session, rows);
  return { rows, firstIds, seconds: (performance.now() - started) / 1000 };
};
