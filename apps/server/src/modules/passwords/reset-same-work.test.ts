/**
 * Asking for a reset email costs the same whoever the login names (known, unknown, disabled): the
 * same database calls and one outbox row of the same shape; the person is looked at only when
 * the mail is prepared, after the answer has gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createTestDatabase } from '../../../test/database';
import { createUser } from '../../../test/factories';
import type { Database, PortalDb } from '../../db/client';
import type { MailOutbox } from '../../lib/mail-outbox';
import type { Deps } from '../../http/deps';
import { requestResetEmail } from './service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await createUser(database.db, { username: 'known.person', email: 'known@example.com' });
  await createUser(database.db, { username: 'disabled.person', email: 'gone@example.com', status: 'disabled' });
});
afterAll(() => database.close());

/** The work one request does: every call it makes on the database and on the outbox. */
const workOf = async (login: string) => {
  const calls: string[] = [];
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`db.${String(property)}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as PortalDb;
  const outbox = {
    enqueueRequest: async (_db: PortalDb, purpose: string, payload: unknown) => {
      calls.push(`outbox.enqueueRequest ${purpose} ${Object.keys(payload as object).sort().join(',')}`);
      return 1n;
    },
    nudge: () => calls.push('outbox.nudge'),
  } as unknown as MailOutbox;
  const deps = { db, clock: { now: () => new Date() }, config: testConfig(), outbox } as unknown as Deps;
  const answer = await requestResetEmail(deps, { username: login, validateURL: 'http://localhost:3000/reset-password', brand: 'portal' }, '192.0.2.1');
  return { answer, calls };
};

describe('reset email requests', () => {
  it('do the same work for a known, an unknown and a disabled login', async () => {
    const known = await workOf('known.person');
    const unknown = await workOf('nobody.here');
    const disabled = await workOf('gone@example.com');
    expect(known.answer).toBe(true);
    expect(unknown).toEqual(known);
    expect(disabled).toEqual(known);
    expect(known.calls).toEqual(['db.select', 'outbox.enqueueRequest password_reset brand,ip,login,page', 'outbox.nudge']);
  });
});
