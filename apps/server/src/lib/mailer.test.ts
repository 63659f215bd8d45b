import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHeader, mailParts, startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { createMailer, type MailLog } from './mailer';

const message = {
  to: 'pat@example.com',
  subject: 'Reset your password',
  text: 'Open https://portal.example/reset-password#reset=SECRET-TOKEN to continue.',
  html: '<p><a href="https://portal.example/reset-password#reset=SECRET-TOKEN">Reset</a></p>',
};

const recordingLog = () => {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: MailLog = { info: (details, text) => lines.push({ details, message: text }) };
  return { log, lines };
};

let smtp: TestSmtpServer;
let dir: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  dir = await mkdtemp(path.join(tmpdir(), 'mailer-test-'));
});
afterAll(async () => {
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mailer over SMTP', () => {
  it('delivers plain text and HTML to the SMTP server and logs nothing', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Portal <no-reply@example.com>',
      outboxDir: path.join(dir, 'unused'),
      log,
    });
    const sent = await mailer.send(message);
    mailer.close();
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['pat@example.com']);
    expect(mailHeader(mail.raw, 'Subject')).toBe('Reset your password');
    expect(mailHeader(mail.raw, 'From')).toBe('Portal <no-reply@example.com>');
    const { parts } = mailParts(mail.raw);
    expect(parts['text/plain']).toBe(message.text);
    expect(parts['text/html']).toBe(message.html);
    expect(sent.file).toBeUndefined();
    expect(lines).toEqual([]);
    await expect(readdir(path.join(dir, 'unused'))).rejects.toThrow();
  });
});

describe('mailer without SMTP', () => {
  it('writes an .eml file to the outbox and logs a line without the body', async () => {
    const { log, lines } = recordingLog();
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'Portal <no-reply@example.com>', outboxDir, log });
    const sent = await mailer.send(message);
    mailer.close();
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(sent.file).toBe(path.join(outboxDir, files[0]!));
    const raw = await readFile(sent.file!, 'utf8');
    expect(mailHeader(raw, 'To')).toBe('pat@example.com');
    expect(mailParts(raw).parts['text/plain']).toBe(message.text);
    expect((await stat(sent.file!)).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toEqual({ to: 'pat@example.com', subject: 'Reset your password', file: sent.file });
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
  });
});
