import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chooseFromUserMenu, signIn } from './support/auth';
import { formatViolations, scanPage } from './support/axe';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether one of its `webhook-signature` signatures is the HMAC-SHA256 of id.timestamp.body under the secret. */
  signed: boolean;
}

/**
 * A receiver as a provider would run one (Standard Webhooks: `v1,` base64 HMAC-SHA256 of `id.timestamp.body`
 * under the key of the `whsec_` secret): it answers 200 to a delivery it can verify, 401 otherwise.
 */
const startReceiver = async () => {
  const received: Received[] = [];
  let secret = '';
  const verify = (headers: IncomingHttpHeaders, body: string): boolean => {
    if (!secret) return false;
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`)
      .digest();
    return String(headers['webhook-signature'] ?? '')
      .split(' ')
      .map((part) => Buffer.from(part.replace(/^v1,/, ''), 'base64'))
      .some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signed = verify(request.headers, body);
      received.push({ headers: request.headers, body, signed });
      response.writeHead(signed ? 200 : 401, { 'content-type': 'text/plain' });
      response.end(signed ? 'journey receiver: signature verified' : 'journey receiver: bad signature');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    useSecret: (value: string) => {
      secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * An Admin registers a webhook endpoint pointing to a local receiver (http://127.0.0.1 is allowed outside
 * production), stores its signing secret (shown once), sends a test event, sees its delivery answered 200 by
 * the receiver that verified the signature, and replays it: the receiver gets the same event id again. The
 * screen is axe clean, in English and in French.
 */
test('an Admin registers a webhook endpoint, sends a test event, sees its delivery and replays it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const url = `http://127.0.0.1:${receiver.port}/portal-events/${Date.now()}`;
    await signIn(page, 'admin');
    await page.goto('/');
    await chooseFromUserMenu(page, 'Webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Register endpoint' }).click();
    const register = page.getByRole('dialog', { name: 'Register a webhook endpoint' });
    await register.getByRole('textbox', { name: /URL/ }).fill(url);
    await register.getByRole('checkbox', { name: /Payment succeeded/ }).check();
    await register.getByRole('textbox', { name: /Description/ }).fill('Journey receiver');
    await register.getByRole('button', { name: 'Register endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: `Signing secret of ${url}` });
    await expect(secretDialog.getByText(/it is not shown again/)).toBeVisible();
    const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.useSecret(secret);
    await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Payment succeeded');

    await row.getByRole('button', { name: `Send test event: ${url}` }).click();
    await expect(page.getByText(`A test event was queued for ${url}`)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const first = receiver.received[0]!;
    expect(first.signed).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
    const eventId = String(first.headers['webhook-id']);

    const deliveries = page.getByRole('region', { name: `Recent deliveries of ${url}` });
    const delivery = deliveries.getByRole('row').filter({ hasText: eventId });
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(delivery).toContainText('Delivered', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText('Test event');
    await expect(delivery.getByRole('cell').nth(3)).toHaveText('200');
    await delivery.getByText('Show answer').click();
    await expect(delivery.getByRole('region', { name: 'Answer of the receiver to Test event' })).toHaveText(
      'journey receiver: signature verified',
    );

    const violations = await scanPage(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await delivery.getByRole('button', { name: `Replay Test event ${eventId}` }).click();
    await expect(page.getByText(`Delivery of Test event ${eventId} queued again.`)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(eventId);
    expect(receiver.received[1]!.signed).toBe(true);
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(delivery.getByRole('cell').nth(2)).toHaveText('2', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText('Delivered');

    // The screen in French: the same delivery, worded in French, axe clean too.
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitemradio', { name: 'Français' }).click();
    const deliveriesFr = page.getByRole('region', { name: `Envois récents à ${url}` });
    await expect(deliveriesFr.getByRole('row').filter({ hasText: eventId })).toContainText('Livré');
    await expect(page.getByText(/^Chaque envoi est conservé 30\s+jours après sa dernière tentative/)).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: url })
        .getByRole('button', { name: /^Envoyer un événement de test/ }),
    ).toBeVisible();
    const frViolations = await scanPage(page);
    expect(frViolations, formatViolations(frViolations)).toEqual([]);

    // Leave nothing sending: disable it, after the confirmation.
    await page
      .getByRole('row')
      .filter({ hasText: url })
      .getByRole('button', { name: /^Désactiver/ })
      .click();
    const confirm = page.getByRole('dialog', { name: `Désactiver ${url}\u202f?` });
    await confirm.getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByText(`Point de terminaison ${url} désactivé.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: url })).toContainText('Désactivé');
  } finally {
    await receiver.close();
  }
});
