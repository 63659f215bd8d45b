/** Each notification event: what is stored, what is queued and sent, in which language, to whom. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { preferenceOfEvent, type NotificationEvent } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps } from '../../../test/billing';
import { createAccount, createInvoice, createPayment, createPaymentMethod, createUser } from '../../../test/factories';
import { mailHeader, mailParts, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { accounts, arrangementInstalments, arrangementReceivables, arrangements, autopaySchedules, mailOutbox, notificationPreferences, notifications, users } from '../../db/schema';
import { runArrangements } from '../arrangements';
import { noticeUpcomingAutopayments } from '../accounts';
import { noticePostedInvoices } from '../invoices';
import { noticeExpiringCards } from '../payment-methods';
import { settlePayment } from '../payments';
import { notifyAccount, NOTIFICATION_MAIL_PURPOSE } from './notify';

const ORIGIN = 'https://portal.example';
const NOW = '2026-11-25T12:00:00Z';

let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({ clock: createTestClock(NOW), config: { PUBLIC_ORIGIN: ORIGIN, SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => ctx.clock.set(NOW));

const db = () => ctx.database.db;
const now = () => ctx.clock.now();

/** An account in `language` with one person (their email choice for `off` turned off, if given). */
const person = async (language: 'English' | 'French', off?: string) => {
  const account = await createAccount(db(), { language });
  const user = await createUser(db(), { name: language === 'French' ? 'Camille Tremblay' : 'Pat Lee', accountIds: [account.id] });
  if (off) await db().insert(notificationPreferences).values({ userId: user.id, event: off, email: false });
  return { account, user };
};

const notesOf = (accountId: bigint) =>
  db().select().from(notifications).where(eq(notifications.accountId, accountId)).orderBy(notifications.id);
const queued = async () =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.purpose, NOTIFICATION_MAIL_PURPOSE), isNull(mailOutbox.sentAt)));

/** A part of `type` anywhere in the message (also inside multipart/mixed, with an attachment), decoded. */
const partOf = (raw: string, type: string): string => {
  const match = new RegExp(
    `Content-Type: ${type}[^\\r\\n]*\\r?\\n((?:[\\w-]+:[^\\r\\n]*\\r?\\n)*)\\r?\\n([\\s\\S]*?)\\r?\\n--`,
    'i',
  ).exec(raw);
  if (!match) return '';
  return mailParts(`Content-Type: ${type}\r\n${match[1]}\r\n${match[2]}`).parts[type] ?? '';
};

/** Sends what is queued and answers the mails that arrived, decoded. */
const sent = async () => {
  const before = smtp.received.length;
  await ctx.app.outbox.deliverDue(now());
  return smtp.received.slice(before).map(({ to, raw }) => {
    // (The test's header decoder may leave a space where an encoded subject was folded: compare without spaces.)
    return {
      to,
      raw,
      subject: (mailHeader(raw, 'Subject') ?? '').replace(/\s+/g, ''),
      text: partOf(raw, 'text/plain'),
      html: partOf(raw, 'text/html'),
    };
  });
};

const settle = (paymentId: bigint, outcome: Parameters<typeof settlePayment>[3]) =>
  db().transaction((tx) => settlePayment(tx, now(), paymentId, outcome, { notifyManualFailure: true, outbox: ctx.app.outbox }));

/** Each event, made to happen where it happens in the app; the texts expected in English and French. */
const events: {
  event: NotificationEvent;
  happen: (accountId: bigint) => Promise<unknown>;
  en: { message: RegExp; subject: string; link: string };
  fr: { message: RegExp; subject: string; link: string };
}[] = [
  {
    event: 'invoice_posted',
    happen: async (accountId) => {
      await createInvoice(db(), accountId, {
        amount: '66.35',
        dueDate: '2026-12-20',
        postedDate: new Date('2026-11-25T06:00:00Z'),
      });
      return noticePostedInvoices(appDeps(ctx), now());
    },
    en: {
      message: /^Invoice INV-\d+ of \$66\.35 is ready; it is due Dec 20, 2026\.$/,
      subject: ': your invoice is ready',
      link: `${ORIGIN}/invoices/`,
    },
    fr: {
      message: /^La facture INV-\d+ de 66,35 \$ est prête ; elle est payable au plus tard le 20 déc\. 2026\.$/,
      subject: ' : votre facture est prête',
      link: `${ORIGIN}/invoices/`,
    },
  },
  {
    event: 'payment_succeeded',
    happen: async (accountId) =>
      settle((await createPayment(db(), accountId, { status: 'InProgress', amount: '40.00' })).id, { status: 'Successful' }),
    en: {
      message: /^Your payment of \$40\.00 was received\. Thank you\.$/,
      subject: ': payment received',
      link: `${ORIGIN}/payments`,
    },
    fr: { message: /^Votre paiement de 40,00 \$ a été reçu\. Merci\.$/, subject: ' : paiement reçu', link: `${ORIGIN}/payments` },
  },
  {
    event: 'payment_failed',
    happen: async (accountId) =>
      settle((await createPayment(db(), accountId, { status: 'InProgress', amount: '60.00' })).id, { status: 'Error', failureMessage: 'Your card was declined.' }),
    en: { message: /^Your payment of \$60\.00 failed: Your card was declined\.$/, subject: ': payment failed', link: `${ORIGIN}/payments` },
    // The reason in the account's language too.
    fr: { message: /^Votre paiement de 60,00 \$ a échoué : Votre carte a été refusée\.$/, subject: ' : échec du paiement', link: `${ORIGIN}/payments` },
  },
  {
    event: 'autopay_scheduled',
    happen: async (accountId) => {
      await db().update(accounts).set({ paymentMethod: 'Credit Card' }).where(eq(accounts.id, accountId));
      await createInvoice(db(), accountId, { amount: '80.00', dueDate: '2026-11-28' });
      const card = await createPaymentMethod(db(), accountId, { isDefault: true });
      await db()
        .insert(autopaySchedules)
        .values({ accountId, paymentMethodId: card.id, frequency: 'dueDate', amountType: 'full', fixedAmount: null });
      return noticeUpcomingAutopayments(appDeps(ctx), now());
    },
    en: {
      message: /^An automatic payment of \$80\.00 will be made on Nov 28, 2026\.$/,
      subject: ': automatic payment in 3 days',
      link: `${ORIGIN}/payments`,
    },
    fr: {
      message: /^Un paiement automatique de 80,00 \$ sera effectué le 28 nov\. 2026\.$/,
      subject: ' : paiement automatique dans 3 jours',
      link: `${ORIGIN}/payments`,
    },
  },
  {
    event: 'card_expiring',
    happen: async (accountId) => {
      await createPaymentMethod(db(), accountId, { brand: 'Visa', last4: '1111', expMonth: 11, expYear: 2026 });
      return noticeExpiringCards(appDeps(ctx), now());
    },
    en: {
      message: /^Your Visa card ending 1111 expires at the end of 11\/2026\. Add a new card/,
      subject: ': your card expires soon',
      link: `${ORIGIN}/payments`,
    },
    fr: {
      message: /^Votre carte Visa se terminant par 1111 expire à la fin de 11\/2026\. Ajoutez une nouvelle carte/,
      subject: ' : votre carte expire bientôt',
      link: `${ORIGIN}/payments`,
    },
  },
  {
    event: 'card_expired',
    happen: async (accountId) => {
      await createPaymentMethod(db(), accountId, { brand: 'Mastercard', last4: '4444', expMonth: 10, expYear: 2026 });
      return noticeExpiringCards(appDeps(ctx), now());
    },
    en: {
      message: /^Your Mastercard card ending 4444 expired at the end of 10\/2026\./,
      subject: ': your card has expired',
      link: `${ORIGIN}/payments`,
    },
    fr: {
      message: /^Votre carte Mastercard se terminant par 4444 a expiré à la fin de 10\/2026\./,
      subject: ' : votre carte a expiré',
      link: `${ORIGIN}/payments`,
    },
  },
  {
    event: 'dispute_status_changed',
    happen: (accountId) =>
      db().transaction((tx) =>
        notifyAccount(
          { db: tx, outbox: ctx.app.outbox },
          {
            accountId,
            event: 'dispute_status_changed',
            data: { disputeId: '77', status: 'Resolved', invoiceId: '5', invoiceNumber: 'INV-5' },
            at: now(),
          },
        ),
      ),
    en: {
      message: /^Your dispute on invoice INV-5 is now resolved\.$/,
      subject: ': your dispute was updated',
      link: `${ORIGIN}/invoices/5`,
    },
    fr: {
      message: /^Votre contestation de la facture INV-5 est maintenant résolue\.$/,
      subject: ' : votre contestation a été mise à jour',
      link: `${ORIGIN}/invoices/5`,
    },
  },
];

events.push({
  event: 'arrangement_broken',
  // An arrangement paid by hand whose first instalment (Nov 20) passed unpaid: the job breaks it.
  happen: async (accountId) => {
    const invoice = await createInvoice(db(), accountId, { amount: '90.00', dueDate: '2026-11-10' });
    const [arrangement] = await db().insert(arrangements).values({ accountId, amount: '90.00', currency: 'CAD' }).returning();
    await db().insert(arrangementInstalments).values([
      { arrangementId: arrangement!.id, seq: 0, dueDate: '2026-11-20', amount: '50.00' },
      { arrangementId: arrangement!.id, seq: 1, dueDate: '2026-11-30', amount: '40.00' },
    ]);
    await db().insert(arrangementReceivables).values({ arrangementId: arrangement!.id, receivableId: invoice.arId!, openAtStart: '90.00' });
    return runArrangements(appDeps(ctx), now());
  },
  en: {
    message: /^Your payment arrangement is cancelled: the instalment of Nov 20, 2026 was not paid\. \$90\.00 is overdue again\.$/,
    subject: ': your payment arrangement is cancelled',
    link: `${ORIGIN}/`,
  },
  fr: {
    message: /^Votre entente de paiement est annulée : le versement du 20 nov\. 2026 n’a pas été payé\. 90,00 \$ est de nouveau en souffrance\.$/,
    subject: ' : votre entente de paiement est annulée',
    link: `${ORIGIN}/`,
  },
});

describe.each(events)('$event', ({ event, happen, en, fr }) => {
  it.each([
    ['English', en],
    ['French', fr],
  ] as const)('is stored and emailed in the account’s language (%s)', async (language, texts) => {
    await sent();
    const { account, user } = await person(language);
    await happen(account.id);
    const [note, ...more] = await notesOf(account.id);
    expect(more).toEqual([]);
    expect(note!.kind).toBe(event);
    expect(note!.message.replace(/\u00a0/g, ' ')).toMatch(texts.message);
    const mails = await sent();
    expect(mails.map((m) => m.to)).toEqual([[user.email]]);
    const [mail] = mails;
    expect(mail!.subject).toContain(texts.subject.replace(/\s+/g, ''));
    expect(mail!.text.replace(/\u00a0/g, ' ')).toMatch(new RegExp(texts.message.source.replace(/^\^|\$$/g, '')));
    expect(mail!.text).toContain(texts.link);
    // French mail opens its pages in French.
    const links = mail!.text.match(new RegExp(`${ORIGIN}/\\S*`, 'g')) ?? [];
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(new URL(link).searchParams.get('lang')).toBe(language === 'French' ? 'fr' : null);
    expect(mail!.text).toContain(`${ORIGIN}/profile`);
    expect(mail!.text).toContain(language === 'French' ? `Bonjour ${user.name},` : `Hello ${user.name},`);
    expect(mail!.html).toContain(`<html lang="${language === 'French' ? 'fr' : 'en'}">`);
  });

  it('is still shown in the app, but not emailed, to a person who turned its email off', async () => {
    await sent();
    const preference = preferenceOfEvent(event)!;
    const { account } = await person('English', preference);
    const listener = await createUser(db(), { accountIds: [account.id] });
    await happen(account.id);
    expect((await notesOf(account.id)).map((n) => n.kind)).toEqual([event]);
    expect((await sent()).map((m) => m.to)).toEqual([[listener.email]]);
  });
});

describe('notifyAccount', () => {
  const resolved = (accountId: bigint) => ({
    accountId,
    event: 'dispute_status_changed' as const,
    data: { disputeId: '9', status: 'Resolved' },
    at: now(),
  });

  it('records an occurrence once, however often (and however concurrently) it is reported', async () => {
    await sent();
    const { account } = await person('English');
    const results = await Promise.all(
      [1, 2, 3].map(() => db().transaction((tx) => notifyAccount({ db: tx, outbox: ctx.app.outbox }, resolved(account.id)))),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await notesOf(account.id)).toHaveLength(1);
    expect(await sent()).toHaveLength(1);
    // Another status of the same dispute is another occurrence.
    await db().transaction((tx) =>
      notifyAccount(
        { db: tx, outbox: ctx.app.outbox },
        { ...resolved(account.id), data: { disputeId: '9', status: 'Rejected' } },
      ),
    );
    expect(await notesOf(account.id)).toHaveLength(2);
  });

  it('emails the people of the account and of the account above it, not disabled people, people without an address or other accounts', async () => {
    await sent();
    const parent = await createAccount(db());
    const account = await createAccount(db(), { parentId: parent.id });
    const own = await createUser(db(), { accountIds: [account.id] });
    const above = await createUser(db(), { accountIds: [parent.id] });
    await createUser(db(), { accountIds: [account.id], status: 'disabled' });
    await createUser(db(), { accountIds: [account.id], email: null });
    await createUser(db(), { accountIds: [(await createAccount(db())).id] });
    await db().transaction((tx) => notifyAccount({ db: tx, outbox: ctx.app.outbox }, resolved(account.id)));
    expect(await queued()).toHaveLength(2);
    expect((await sent()).map((m) => m.to[0]).sort()).toEqual([own.email, above.email].sort());
  });

  it('stores nothing readable in the outbox and sends nothing to a person disabled before delivery', async () => {
    await sent();
    const { account, user } = await person('English');
    await db().transaction((tx) => notifyAccount({ db: tx, outbox: ctx.app.outbox }, resolved(account.id)));
    const [row] = await queued();
    expect(JSON.stringify(row!.content)).not.toContain('dispute');
    await db().update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect(await sent()).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('rolls back with the change that caused it', async () => {
    const { account } = await person('English');
    await expect(
      db().transaction(async (tx) => {
        await notifyAccount({ db: tx, outbox: ctx.app.outbox }, resolved(account.id));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await notesOf(account.id)).toEqual([]);
  });
});

describe('the payment received email', () => {
  /** The attachments of a raw message: file name and decoded bytes. */
  const attachmentsOf = (raw: string) =>
    [
      ...raw.matchAll(
        /Content-Type: application\/pdf;\s*name=("?)([^"\r\n]+)\1\r?\n(?:[\w-]+:[^\r\n]*\r?\n(?:[ \t][^\r\n]*\r?\n)*)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
      ),
    ].map((m) => ({
      name: m[2]!,
      bytes: Buffer.from(m[3]!.replace(/\s+/g, ''), 'base64'),
    }));

  it.each([
    ['English', 'Your receipt is attached (PDF).', /^Receipt-R-\d{7}\.pdf$/],
    ['French', 'Votre reçu est joint (PDF).', /^Recu-R-\d{7}\.pdf$/],
  ] as const)('carries the payment’s receipt PDF (%s)', async (language, line, fileName) => {
    await sent();
    const { account } = await person(language);
    const payment = await createPayment(db(), account.id, { status: 'InProgress', amount: '40.00' });
    await settle(payment.id, { status: 'Successful' });
    const [mail] = await sent();
    const [attachment, ...others] = attachmentsOf(mail!.raw);
    expect(others).toEqual([]);
    expect(attachment!.name).toMatch(fileName);
    expect(attachment!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(mail!.text).toContain(line);
  });
});
