import { BRAND } from '../../lib/brand';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The email telling an Admin that an endpoint was disabled after 3 days of failed deliveries (pure), in both
 * languages of the portal: Admins have no language of their own. It names the endpoint, never its secret.
 */
export const composeEndpointDisabledEmail = (input: { to: string; url: string; failingSince: Date; lastResponse: string | null; webhooksPage: string }): MailMessage => {
  const since = input.failingSince.toISOString();
  const english = [
    `Every delivery to the webhook endpoint ${input.url} has failed since ${since}, so it was disabled: events are no longer sent to it.`,
    input.lastResponse ? `Its last answer: ${input.lastResponse.slice(0, 300)}` : '',
    `Once the receiver works again, enable it on the Webhooks screen and replay its failed deliveries: ${input.webhooksPage}`,
  ].filter(Boolean);
  const french = [
    `Toutes les livraisons au point de terminaison ${input.url} échouent depuis le ${since} : il a été désactivé et ne reçoit plus d’événements.`,
    input.lastResponse ? `Sa dernière réponse : ${input.lastResponse.slice(0, 300)}` : '',
    `Quand le récepteur fonctionnera de nouveau, réactivez-le dans l’écran Webhooks et relancez ses livraisons échouées : ${input.webhooksPage}`,
  ].filter(Boolean);
  const subject = `${BRAND.name}: webhook endpoint disabled / point de terminaison désactivé`;
  return {
    to: input.to,
    subject,
    text: [...english, '', '—', '', ...french, '', `— ${BRAND.name}`].join('\n'),
    html: `<!doctype html><html><body>${[...english, '<hr>', ...french].map((line) => (line === '<hr>' ? line : `<p>${escapeHtml(line)}</p>`)).join('')}<p>— ${escapeHtml(BRAND.name)}</p></body></html>`,
  };
};
