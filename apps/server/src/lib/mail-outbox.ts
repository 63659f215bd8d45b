/**
 * Durable mail. A message is a row written in the transaction of the change that causes it; a job
 * (and a nudge right after each request that writes one) claims due rows with a lease —
 * `FOR UPDATE SKIP LOCKED`, so two instances never send the same row at once — and sends them with
 * backoff. A crash before a row is marked sent sends it later, under the same Message-ID.
 *
 * Some rows are deferred requests rather than finished messages (a password reset names a login,
 * not an address): their purpose's preparer turns them into a message when they are delivered, or
 * into nothing, so answering the request costs the same whoever it names.
 */
import { eq, sql } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailMessage, Mailer } from './mailer';
import type { SealedSecret, SecretBox } from './secret-box';

/** The secret box context of outbox contents. */
export const OUTBOX_CONTEXT = 'mail-outbox';

/** How long a claimed row is its instance's to send. */
const LEASE_MS = 60_000;
const BATCH = 20;

/** After a failed attempt: 30 s, 1 min, 2 min … at most 30 min. */
export const mailRetryDelayMs = (attempts: number): number => Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Turns a deferred request's payload into the message to send, or null when nothing is to be sent. */
export type Preparer = (payload: unknown, now: Date) => Promise<MailMessage | null>;

export interface MailOutbox {
  /** A finished message; run it in the transaction of the change it belongs to. */
  enqueue(db: PortalDb, purpose: string, message: MailMessage, now: Date): Promise<bigint>;
  /** A request whose message `purpose`'s preparer builds at delivery. */
  enqueueRequest(db: PortalDb, purpose: string, payload: unknown, now: Date): Promise<bigint>;
  /** Claims and sends what is due; answers how many rows it handled. */
  deliverDue(now: Date): Promise<number>;
  /** Delivers soon, off the caller's path (after a request wrote a row). */
  nudge(now: Date): void;
  /** Waits for deliveries under way (shutdown, tests). */
  drain(): Promise<void>;
  /** How rows of `purpose` that hold a request become a message (registered by the module that owns it). */
  registerPreparer(purpose: string, preparer: Preparer): void;
}

interface Stored {
  kind: 'message' | 'request';
  body: unknown;
}

export const createMailOutbox = ({
  db,
  box,
  mailer,
  messageIdDomain,
  onError,
}: {
  db: PortalDb;
  box: SecretBox;
  mailer: Mailer;
  /** The right-hand side of Message-IDs (the portal's host name). */
  messageIdDomain: string;
  onError: (error: unknown, purpose: string) => void;
}): MailOutbox => {
  const underway = new Set<Promise<unknown>>();
  const preparers = new Map<string, Preparer>();

  const insert = async (target: PortalDb, purpose: string, toAddress: string | null, stored: Stored, now: Date) => {
    const [row] = await target
      .insert(mailOutbox)
      .values({ purpose, toAddress, content: box.seal(JSON.stringify(stored)), createdAt: now, sendAfter: now })
      .returning({ id: mailOutbox.id });
    return row!.id;
  };

  const claim = async (now: Date) => {
    const result = await db.execute<{ id: bigint; purpose: string; content: SealedSecret; attempts: number }>(sql`
      with due as (
        select id from mail_outbox
        where sent_at is null and send_after <= ${now.toISOString()} and (lease_until is null or lease_until <= ${now.toISOString()})
        order by id
        limit ${BATCH}
        for update skip locked
      )
      update mail_outbox m set lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}, attempts = m.attempts + 1
      from due where m.id = due.id
      returning m.id, m.purpose, m.content, m.attempts`);
    return result.rows;
  };

  const deliver = async (row: { id: bigint; purpose: string; content: SealedSecret; attempts: number }, now: Date) => {
    const id = BigInt(row.id);
    try {
      const stored = JSON.parse(box.open(row.content)) as Stored;
      const preparer = preparers.get(row.purpose);
      const message = stored.kind === 'message' ? (stored.body as MailMessage) : preparer ? await preparer(stored.body, now) : null;
      if (stored.kind === 'request' && !preparer) throw new Error(`No preparer for ${row.purpose}`);
      if (message) await mailer.send({ ...message, messageId: `<outbox-${id}@${messageIdDomain}>` });
      // Sent (or nothing to send): the content, which may hold a live link, is not kept.
      await db
        .update(mailOutbox)
        .set({ sentAt: now, toAddress: message?.to ?? null, content: {}, leaseUntil: null, lastError: null })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      onError(error, row.purpose);
      await db
        .update(mailOutbox)
        .set({ leaseUntil: null, sendAfter: new Date(now.getTime() + mailRetryDelayMs(row.attempts)), lastError: String((error as Error).message ?? error).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    }
  };

  const deliverDue = async (now: Date) => {
    const rows = await claim(now);
    for (const row of rows) await deliver(row, now);
    return rows.length;
  };

  return {
    enqueue: (target, purpose, message, now) => insert(target, purpose, message.to, { kind: 'message', body: message }, now),
    enqueueRequest: (target, purpose, payload, now) => insert(target, purpose, null, { kind: 'request', body: payload }, now),
    deliverDue,
    nudge: (now) => {
      const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliverDue(now)).catch((error: unknown) => onError(error, 'nudge'));
      underway.add(run);
      void run.finally(() => underway.delete(run));
    },
    drain: async () => {
      await Promise.allSettled([...underway]);
    },
    registerPreparer: (purpose, preparer) => {
      preparers.set(purpose, preparer);
    },
  };
};
