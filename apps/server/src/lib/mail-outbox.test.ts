/** Durable mail: written with the change, sent once by whoever claims it, retried with backoff, never kept after sending. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createMailOutbox, mailRetryDelayMs, OUTBOX_CONTEXT } from './mail-outbox';
import type { MailMessage, Mailer } from './mailer';
import { createSecretBox } from './secret-box';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const box = createSecretBox(randomBytes(32), OUTBOX_CONTEXT);
const t0 = new Date('2026-04-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const message = (to: string): MailMessage => ({ to, subject: 'Your receipt', text: 'Secret link https://x.example/#reset=abc', html: '<p>Secret</p>' });

const recordingMailer = (failFirst = 0) => {
  const sent: MailMessage[] = [];
  let failures = failFirst;
  const mailer: Mailer = {
    send: async (m) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP down');
      }
      sent.push(m);
      return { messageId: m.messageId ?? '' };
    },
    close: () => undefined,
  };
  return { mailer, sent };
};

const outboxWith = (mailer: Mailer) => createMailOutbox({ db: database.db, box, mailer, messageIdDomain: 'portal.example', onError: () => undefined });

describe('mail outbox', () => {
  it('sends nothing when the change that wrote the row rolls back', async () => {
    const { mailer, sent } = recordingMailer();
    const outbox = outboxWith(mailer);
    await database.db
      .transaction(async (tx) => {
        await outbox.enqueue(tx, 'receipt', message('rollback@example.com'), t0);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await outbox.deliverDue(at(1000));
    expect(sent).toEqual([]);
  });

  it('keeps the content sealed, sends it once with the row’s Message-ID, then forgets the content', async () => {
    const { mailer, sent } = recordingMailer();
    const outbox = outboxWith(mailer);
    const id = await outbox.enqueue(database.db, 'receipt', message('once@example.com'), t0);
    const [stored] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(JSON.stringify(stored!.content)).not.toContain('Secret');
    expect(await outbox.deliverDue(t0)).toBe(1);
    expect(await outbox.deliverDue(at(60 * 60_000))).toBe(0);
    expect(sent.filter((m) => m.to === 'once@example.com')).toEqual([{ ...message('once@example.com'), messageId: `<outbox-${id}@portal.example>` }]);
    const [after] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(after).toMatchObject({ sentAt: t0, content: {}, toAddress: 'once@example.com' });
  });

  it('retries a failed send after its backoff', async () => {
    const { mailer, sent } = recordingMailer(2);
    const outbox = outboxWith(mailer);
    await outbox.enqueue(database.db, 'receipt', message('retry@example.com'), at(2 * 60 * 60_000));
    const start = 2 * 60 * 60_000;
    await outbox.deliverDue(at(start));
    expect(await outbox.deliverDue(at(start + mailRetryDelayMs(1) - 1))).toBe(0);
    await outbox.deliverDue(at(start + mailRetryDelayMs(1)));
    await outbox.deliverDue(at(start + mailRetryDelayMs(1) + mailRetryDelayMs(2)));
    expect(sent.filter((m) => m.to === 'retry@example.com')).toHaveLength(1);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'retry@example.com'));
    expect(row).toMatchObject({ attempts: 3, lastError: null });
  });

  it('lets two instances delivering at once send each row once', async () => {
    const { mailer, sent } = recordingMailer();
    const [a, b] = [outboxWith(mailer), outboxWith(mailer)];
    const t = at(5 * 60 * 60_000);
    for (let i = 0; i < 30; i += 1) await a.enqueue(database.db, 'receipt', message(`many-${i}@example.com`), t);
    await Promise.all([a.deliverDue(t), b.deliverDue(t), a.deliverDue(t), b.deliverDue(t)]);
    const mine = sent.filter((m) => m.to.startsWith('many-'));
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((m) => m.to)).size).toBe(30);
  });

  it('turns a request into its message when delivered, or into nothing', async () => {
    const { mailer, sent } = recordingMailer();
    const outbox = outboxWith(mailer);
    outbox.registerPreparer('greeting', async (payload) => ((payload as { who: string }).who === 'nobody' ? null : message(`${(payload as { who: string }).who}@example.com`)));
    const t = at(6 * 60 * 60_000);
    await outbox.enqueueRequest(database.db, 'greeting', { who: 'someone' }, t);
    await outbox.enqueueRequest(database.db, 'greeting', { who: 'nobody' }, t);
    expect(await outbox.deliverDue(t)).toBe(2);
    expect(sent.filter((m) => m.to === 'someone@example.com')).toHaveLength(1);
    const pending = await database.db.execute<{ n: string }>(sql`select count(*) as n from mail_outbox where sent_at is null`);
    expect(Number(pending.rows[0]!.n)).toBe(0);
  });
});
