/**
 * Signed download links for invoice documents: pure HMAC-SHA256 rules, no I/O. A link names the
 * invoice, the document and an expiry; the signature binds all three, so changing any of them
 * (or reusing a signature for another invoice or document) invalidates the link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DocumentKind } from '@portal/contract';


/** How long a download link works: long enough to click, short enough that a leaked link dies. */
export const DOCUMENT_LINK_TTL_SECONDS = 10 * 60;

export interface SignedDocument {
  invoiceId: bigint;
  kind: DocumentKind;
  /** Unix seconds after which the link no longer works. */
  expires: number;
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

// The version prefix lets the message format change later without old links verifying by accident.
const message = ({ invoiceId, kind, expires }: SignedDocument): string => `doc-v1:${invoiceId}:${kind}:${expires}`;

/** The URL-safe signature of a link. */
export const signDocument = (key: Buffer, document: SignedDocument): string =>
  createHmac('sha256', key).update(message(document)).digest('base64url');

/**
 * Checks a link as received (query values are untrusted text). The signature is checked before
 * the expiry, so a forged link never learns whether its expiry would have passed.
 */
export const checkDocumentLink = (
  key: Buffer,
  link: { invoiceId: bigint; kind: DocumentKind; expires: string | undefined; sig: string | undefined },
  nowSeconds: number,
): LinkCheck => {
  if (!link.expires || !link.sig || !EXPIRES.test(link.expires) || !SIGNATURE.test(link.sig)) return 'invalid';
  const expires = Number(link.expires);
  const expected = Buffer.from(signDocument(key, { invoiceId: link.invoiceId, kind: link.kind, expires }));
  const given = Buffer.from(link.sig);
  if (!timingSafeEqual(expected, given)) return 'invalid';
  return nowSeconds > expires ? 'expired' : 'valid';
};
