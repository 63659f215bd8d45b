import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** A file sent with a message, base64 so a stored message stays plain JSON (sealed in the outbox like the rest). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'base64';
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A fixed Message-ID (the outbox row's), so a message sent again after a crash is recognisably the same one. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the message went to the outbox instead of SMTP. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/** The part of a pino logger the mailer uses. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  /** smtp://… or smtps://… (nodemailer's URL form: query options such as `?ignoreTLS=true` apply). */
  smtpUrl?: string | undefined;
  from: string;
  /** Where messages go when there is no SMTP server: one .eml file each. */
  outboxDir: string;
  log: MailLog;
}

const outboxFileName = (now: Date) => `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/**
 * Real mail over SMTP when `smtpUrl` is set; otherwise each message is written to the outbox as an
 * .eml file (open it in any mail client) and one log line names the file. The log line carries the
 * recipient and subject only: bodies hold secrets (reset links) and never reach the log.
 */
export const createMailer = (options: MailerOptions): Mailer => {
  // nodemailer is loaded with the first message: an instance that sends none never holds it in memory.
  let transport: Promise<Transporter> | null = null;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? // Bounded so a send never outlives the outbox lease of its row (a stuck server is retried later).
          nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const close = () => void transport?.then((opened) => opened.close());
  if (options.smtpUrl) {
    return {
      async send(message) {
        const info = await (await transportOf()).sendMail({ from: options.from, ...message });
        return { messageId: String(info.messageId) };
      },
      close,
    };
  }
  return {
    async send(message) {
      const info = await (await transportOf()).sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(options.outboxDir, outboxFileName(new Date()));
      // 0600: the message holds a live reset link.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ to: message.to, subject: message.subject, file }, 'email written to the outbox (SMTP_URL is not set)');
      return { messageId: String(info.messageId), file };
    },
    close,
  };
};
