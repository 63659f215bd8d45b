/**
 * Signed, short-lived document links that work in a plain link, without a bearer header: invoice
 * lists and details embed them, the download route checks them.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { endpoints, pathFor, type DocumentKind, type DocumentUrl } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { appSecrets } from '../db/schema';
import type { Clock } from './clock';
import { DOCUMENT_LINK_TTL_SECONDS, signDocument } from './document-signature';

const SECRET_NAME = 'document_link_key';

/** The contract's document names. */
export const DOCUMENT_NAMES: Readonly<Record<DocumentKind, DocumentUrl['name']>> = { pdf: 'PDF', cdrs: 'CDRs' };

/** Where a document is downloaded. */
export const documentPath = (invoiceId: bigint, kind: DocumentKind): string => pathFor(endpoints.invoiceDocument, { invoiceId, document: kind });

const readKey = async (db: PortalDb): Promise<Buffer | undefined> => {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  const value = row?.value as { key?: unknown } | undefined;
  return typeof value?.key === 'string' ? Buffer.from(value.key, 'base64url') : undefined;
};

/**
 * The HMAC key, kept in `app_secrets` so every instance signs and verifies alike; created on first
 * use. Concurrent first uses settle on whichever insert won.
 */
const loadOrCreateKey = async (db: PortalDb): Promise<Buffer> => {
  const existing = await readKey(db);
  if (existing) return existing;
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: { key: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const key = await readKey(db);
  if (!key) throw new Error('The document link key could not be stored');
  return key;
};

const keys = new WeakMap<PortalDb, Promise<Buffer>>();

/** The key of this database, read once per process (a failed read is retried on the next call). */
export const documentLinkKey = (db: PortalDb): Promise<Buffer> => {
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreateKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
};

/**
 * When links signed at `now` expire (epoch seconds): DOCUMENT_LINK_TTL_SECONDS on, rounded up to the
 * minute, so every answer of the same minute carries the same links and a kept one is sent as it is.
 */
export const documentLinksExpiry = (now: Date): number =>
  Math.ceil((Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL_SECONDS) / 60) * 60;

export interface DocumentLinks {
  /** When the links expire (epoch seconds), the same for every link of one answer. */
  expires: number;
  /** A signed URL for one document of an invoice, valid until `expires` (10 to 11 minutes from now). */
  url(invoiceId: bigint, kind: DocumentKind): string;
  /** The contract's `{ name, url }` entries for the given documents. */
  urls(invoiceId: bigint, kinds: readonly DocumentKind[]): DocumentUrl[];
}

/** A signer for one request: reads the key (cached) and the clock once. */
export const documentLinks = async (db: PortalDb, clock: Clock): Promise<DocumentLinks> => {
  const key = await documentLinkKey(db);
  const expires = documentLinksExpiry(clock.now());
  const url = (invoiceId: bigint, kind: DocumentKind): string => {
    const sig = signDocument(key, { invoiceId, kind, expires });
    return `${documentPath(invoiceId, kind)}?expires=${expires}&sig=${sig}`;
  };
  return {
    expires,
    url,
    urls: (invoiceId, kinds) => kinds.map((kind) => ({ name: DOCUMENT_NAMES[kind], url: url(invoiceId, kind) })),
  };
};
