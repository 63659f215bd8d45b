/**
 * Security emails: every change to how a person signs in queues one outbox request with the change (in its
 * transaction where it has one), naming the person, the change and where it came from. The email is built at delivery, to the
 * person's current address in their language, so a person without an address gets nothing.
 */
import { eq } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { sessions } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { documentLanguage } from '../../lib/language';
import type { MailOutbox, Preparer } from '../../lib/mail-outbox';
import { accountLanguageOfUser, findUserById } from './user-repository';
import { composeSecurityEmail, type SecurityChange } from './security-email';

/** The outbox purpose of security emails. */
export const SECURITY_NOTICE_PURPOSE = 'security_notice';

/** The device (its user agent, named in the email's language) and address a change came from. */
export interface ChangeOrigin {
  userAgent: string | null;
  address: string;
}

interface SecurityNotice {
  userId: string;
  change: SecurityChange;
  at: string;
  origin: ChangeOrigin | null;
  passkeyName: string | null;
}

/** Where a signed-in change came from: the session's device and the request's address. */
export const originOfCaller = async (db: PortalDb, caller: Caller, address: string): Promise<ChangeOrigin> => {
  const [session] = await db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.id, caller.sessionId));
  return { userAgent: session?.userAgent ?? null, address };
};

/** Where a change without a session came from (a reset link): the browser's device and the request's address. */
export const originOfRequest = (userAgent: string | undefined, address: string): ChangeOrigin => ({
  userAgent: userAgent ?? null,
  address,
});

/** Queues the security email of `change`; run it in the change's transaction where there is one. */
export const queueSecurityNotice = (
  db: PortalDb,
  outbox: MailOutbox,
  notice: { userId: bigint; change: SecurityChange; at: Date; origin: ChangeOrigin | null; passkeyName?: string },
): Promise<bigint> => {
  const payload: SecurityNotice = {
    userId: String(notice.userId),
    change: notice.change,
    at: notice.at.toISOString(),
    origin: notice.origin,
    passkeyName: notice.passkeyName ?? null,
  };
  return outbox.enqueueRequest(db, SECURITY_NOTICE_PURPOSE, payload, notice.at);
};

/** Turns a queued notice into its email at delivery, or nothing for a person gone or without an address. */
export const prepareSecurityNotice =
  (deps: Pick<Deps, 'db' | 'config'>): Preparer =>
  async (payload) => {
    const notice = payload as SecurityNotice;
    const user = await findUserById(deps.db, BigInt(notice.userId));
    if (!user?.email) return null;
    return composeSecurityEmail({
      to: user.email,
      name: user.name,
      change: notice.change,
      at: new Date(notice.at),
      origin: notice.origin,
      passkeyName: notice.passkeyName,
      publicOrigin: deps.config.PUBLIC_ORIGIN,
      language: documentLanguage(await accountLanguageOfUser(deps.db, user.id)),
    });
  };
