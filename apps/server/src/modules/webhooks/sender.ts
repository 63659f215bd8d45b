/**
 * One webhook request: signed per the Standard Webhooks specification with every secret that signs now
 * (two during a rotation's overlap, space-separated in `webhook-signature`), sent with a timeout over the
 * whole exchange, redirects never followed (a 3xx is an answer like any other non-2xx), and in production
 * only to public addresses: the check runs in the connection's own DNS lookup, so a name cannot resolve to
 * a public address when checked and a private one when connected.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_KEPT_BYTES, type WebhookAttemptOutcome } from '@portal/contract';
import { BRAND } from '../../lib/brand';
import { hostOf, isPublicAddress, PRIVATE_ADDRESS_PROBLEM, urlProblem } from './url-safety';

export interface WebhookRequest {
  url: string;
  /** The event's id: the `webhook-id`, the same on every attempt so receivers can drop repeats. */
  eventId: string;
  payload: string;
  /** `whsec_…` secrets, each adding a signature. */
  secrets: readonly string[];
  /** The `webhook-timestamp`. */
  at: Date;
}

export interface WebhookResult {
  outcome: WebhookAttemptOutcome;
  statusCode: number | null;
  durationMs: number;
  /** The first 2 KB of the answer, or what went wrong. */
  response: string;
}

export interface SendOptions {
  timeoutMs: number;
  /** Production: https only, public addresses only. */
  publicOnly: boolean;
  /** A keep-alive agent of the URL's protocol (an https one for https), so a lane reuses its connections. */
  agent?: Agent | undefined;
}

/** The Standard Webhooks headers of a request (pure). */
export const signedHeaders = (request: Pick<WebhookRequest, 'eventId' | 'payload' | 'secrets' | 'at'>): Record<string, string> => ({
  'webhook-id': request.eventId,
  'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
  'webhook-signature': request.secrets.map((secret) => new Webhook(secret).sign(request.eventId, request.at, request.payload)).join(' '),
});

class RefusedAddressError extends Error {}

/** A DNS lookup that refuses names resolving to any address that is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return callback(new RefusedAddressError(PRIVATE_ADDRESS_PROBLEM), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const readStart = (response: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEPT_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      kept += chunk.length;
      // Enough kept: the rest of a large answer is not read.
      if (kept >= WEBHOOK_RESPONSE_KEPT_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });

/** Sends one request and says how it went; never throws. */
export const sendWebhook = (request: WebhookRequest, options: SendOptions): Promise<WebhookResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  if (options.publicOnly) {
    const problem = urlProblem(url);
    if (problem) return Promise.resolve({ outcome: 'refused', statusCode: null, durationMs: 0, response: problem });
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = send(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': `${BRAND.name} webhooks`,
        ...signedHeaders(request),
      },
      // An address literal is checked by urlProblem above (Node does not look one up).
      ...(options.publicOnly && !isIP(hostOf(url)) ? { lookup: publicOnlyLookup } : {}),
      ...(options.agent ? { agent: options.agent } : {}),
    });
    const timer = setTimeout(() => {
      finish({ outcome: 'timeout', statusCode: null, response: `No answer within ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    req.on('response', (response) => {
      void readStart(response).then((body) => {
        const status = response.statusCode ?? 0;
        finish({ outcome: status >= 200 && status < 300 ? 'succeeded' : 'http_error', statusCode: status, response: body });
      });
    });
    req.on('error', (error) => {
      const refused = error instanceof RefusedAddressError;
      finish({ outcome: refused ? 'refused' : 'network_error', statusCode: null, response: refused ? error.message : `Could not connect: ${error.message}`.slice(0, WEBHOOK_RESPONSE_KEPT_BYTES) });
    });
    req.end(request.payload);
  });
};
