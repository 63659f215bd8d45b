/**
 * A server killed while sending a reset email (the SMTP server never answered): the next instance
 * sends it after the row's lease, exactly once.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { databaseUrlOf, startInstance } from '../../test/instances';
import { startSmtpServer } from '../../test/smtp';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

/** An SMTP address that accepts connections and never greets. */
const startSilentSmtp = async () => {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}/?ignoreTLS=true`,
    connections: () => sockets.length,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
};

describe('durable mail across a crash', () => {
  it('sends a reset email once after the instance that was sending it died', async () => {
    const [silent, smtp, database] = await Promise.all([startSilentSmtp(), startSmtpServer(), createTestDatabase()]);
    cleanup.push(() => silent.close(), () => smtp.close(), () => database.close());
    const user = await createUser(database.db, { email: 'crash.mail@example.com' });
    const env = { DATABASE_URL: databaseUrlOf(database.pool!), JOBS_ENABLED: 'true', PUBLIC_ORIGIN: 'http://localhost:3000' };

    const dying = await startInstance({ ...env, SMTP_URL: silent.url });
    cleanup.push(() => dying.kill());
    const res = await fetch(`${dying.url}/a/v1/Password/ResetEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, validateURL: 'http://localhost:3000/reset-password', brand: 'portal' }),
    });
    expect(await res.json()).toBe(true);
    while (silent.connections() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await dying.kill();
    const unsent = await database.db.execute<{ n: string }>(sql`select count(*) as n from mail_outbox where sent_at is null`);
    expect(Number(unsent.rows[0]!.n)).toBe(1);

    const next = await startInstance({ ...env, SMTP_URL: smtp.url });
    cleanup.push(() => next.kill());
    const mail = await smtp.nextMail(90_000);
    expect(mail.to).toEqual(['crash.mail@example.com']);
    expect(mail.raw).toMatch(/^Message-ID: <outbox-\d+@localhost>/im);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received).toHaveLength(1);
    const pending = await database.db.execute<{ n: string }>(sql`select count(*) as n from mail_outbox where sent_at is null`);
    expect(Number(pending.rows[0]!.n)).toBe(0);
  }, 150_000);
});
