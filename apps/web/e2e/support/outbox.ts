import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './api';

/**
 * The mail outbox of the e2e server (scripts/e2e-server.mjs): without SMTP every message is written as an .eml
 * file to `<E2E_DATA_DIR>/outbox`. Journeys read the newest message there instead of a mailbox.
 */
export const OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');

export interface OutboxMessage {
  file: string;
  modifiedMs: number;
  headers: Record<string, string>;
  /** The decoded text/plain part (or the whole body for single-part mail). */
  text: string;
  /** The decoded text/html part, if any. */
  html: string | null;
}

/** Files in the outbox with their modification times (none when nothing was sent yet). */
export const outboxFiles = async (): Promise<{ file: string; modifiedMs: number }[]> => {
  let names: string[];
  try {
    names = await readdir(OUTBOX_DIR);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = path.join(OUTBOX_DIR, name);
        return { file, modifiedMs: (await stat(file)).mtimeMs };
      }),
  );
  return files.sort((a, b) => b.modifiedMs - a.modifiedMs || b.file.localeCompare(a.file));
};

/** Quoted-printable (RFC 2045) to text: soft line breaks removed, =XX bytes decoded as UTF-8. */
export const decodeQuotedPrintable = (body: string): string => {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

const decodePart = (headers: Record<string, string>, body: string): string => {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** Header block → lower-cased names; folded lines joined. */
const parseHeaders = (block: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
};

const splitEntity = (raw: string): { headers: Record<string, string>; body: string } => {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
};

/** Parses an .eml file: headers, and the text and html parts of a multipart/alternative message. */
export const parseEml = (raw: string): Omit<OutboxMessage, 'file' | 'modifiedMs'> => {
  const { headers, body } = splitEntity(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { headers, text: decodePart(headers, body), html: null };
  let text = '';
  let html: string | null = null;
  for (const chunk of body.split(`--${boundary}`)) {
    if (!chunk.trim() || chunk.startsWith('--')) continue;
    const part = splitEntity(chunk.replace(/^\r?\n/, ''));
    const type = (part.headers['content-type'] ?? '').toLowerCase();
    const decoded = decodePart(part.headers, part.body.replace(/\r?\n$/, ''));
    if (type.startsWith('text/plain')) text = decoded;
    else if (type.startsWith('text/html')) html = decoded;
  }
  return { headers, text, html };
};

/** The messages already in the outbox: take this before the action that sends mail. */
export const outboxSnapshot = async (): Promise<Set<string>> => new Set((await outboxFiles()).map((f) => f.file));

/**
 * Waits for a new message to `to` (one not in `before`; mail is sent in the background, so it may land a
 * moment after the screen says it was sent) and returns the newest one.
 */
export const waitForMail = async (to: string, before: Set<string>, timeoutMs = 15_000): Promise<OutboxMessage> => {
  let found: OutboxMessage | null = null;
  await expect
    .poll(
      async () => {
        for (const { file, modifiedMs } of await outboxFiles()) {
          if (before.has(file)) continue;
          const message = parseEml(await readFile(file, 'utf8'));
          if ((message.headers.to ?? '').toLowerCase().includes(to.toLowerCase())) {
            found = { file, modifiedMs, ...message };
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to} in ${OUTBOX_DIR}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
};

/** The password-reset link (/reset-password with the token in the hash parameter `reset`). */
export const resetLinkIn = (message: OutboxMessage): string => {
  const link = /https?:\/\/\S+#reset=[A-Za-z0-9_-]+/.exec(message.text)?.[0];
  expect(link, `a #reset= link in the email:\n${message.text}`).toBeTruthy();
  return link!;
};
