import { BRAND_CODE } from '@portal/contract';
import type { MailMessage } from '../../lib/mailer';

/**
 * Display names of the brand codes the web app sends. Only known codes reach an email: the code is
 * caller input, and free text in our own subject line would be a phishing aid.
 */
export const BRANDS: Readonly<Record<string, string>> = { [BRAND_CODE]: 'Billing Portal' };

export const brandName = (code: string): string => BRANDS[code.trim().toLowerCase()] ?? BRANDS[BRAND_CODE]!;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ResetEmailInput {
  to: string;
  name: string;
  username: string;
  link: string;
  brand: string;
  ttlMinutes: number;
}

/** The password-reset email, plain text and simple HTML (pure). */
export const composeResetEmail = (input: ResetEmailInput): MailMessage => {
  const brand = brandName(input.brand);
  const expiry = `The link works once and expires in ${input.ttlMinutes} minutes.`;
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';
  const text = [
    `Hello ${input.name},`,
    '',
    `We received a request to reset the password of your ${brand} account (username: ${input.username}).`,
    '',
    'Choose a new password here:',
    input.link,
    '',
    expiry,
    ignore,
    '',
    `— ${brand}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">',
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>We received a request to reset the password of your ${escapeHtml(brand)} account (username: <strong>${escapeHtml(input.username)}</strong>).</p>`,
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">Reset your password</a></p>`,
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>`,
    `<p>— ${escapeHtml(brand)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: `${brand}: reset your password`, text, html };
};
