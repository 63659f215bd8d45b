import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  /** The raw RFC 5322 message as received. */
  raw: string;
}

export interface TestSmtpServer {
  /** SMTP_URL for the app: plain SMTP on 127.0.0.1, no TLS. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message (or one already received and not yet taken); with `matching`, the next such one. */
  nextMail(timeoutMs?: number, matching?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export const startSmtpServer = async (): Promise<TestSmtpServer> => {
  const received: ReceivedMail[] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const nextMail = async (timeoutMs = 10_000, matching: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> => {
    const deadline = Date.now() + timeoutMs;
    const untaken = () => received.findIndex((mail, index) => !taken.has(index) && matching(mail));
    while (untaken() < 0) {
      if (Date.now() > deadline) throw new Error('No email arrived at the test SMTP server');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    const index = untaken();
    taken.add(index);
    return received[index]!;
  };
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    nextMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodePart = (headers: string, body: string) => {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** The decoded parts of a message by content type (enough MIME for the messages our mailer writes). */
export const mailParts = (raw: string): { headers: string; parts: Record<string, string> } => {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts: Record<string, string> = {};
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${headers}\n\n${body}`];
  for (const section of sections) {
    const at = section.search(/\r?\n\r?\n/);
    const partHeaders = section.slice(0, at);
    const type = /content-type:\s*([\w/+-]+)/i.exec(partHeaders)?.[1]?.toLowerCase() ?? 'text/plain';
    parts[type] = decodePart(
      partHeaders,
      section
        .slice(at)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, ''),
    );
  }
  return { headers, parts };
};

/** A header's value, with RFC 2047 encoded words decoded. */
export const mailHeader = (raw: string, name: string): string | undefined => {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1];
  // RFC 2047 §6.2: the white space between two encoded words is not part of the text.
  return value?.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
};
