import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints the adapter uses, speaking Stripe's wire
 * format (form-encoded requests, JSON answers, a 402 card_error), so the official SDK runs against
 * it through its host/port settings. Test helpers play the customer's part on Stripe's page.
 */

export interface StandinRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface StandinCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** As Stripe's `card.fingerprint`: the same for every payment method of the same card number. */
  fingerprint: string;
  declines: boolean;
}

const TEST_CARDS: Record<string, StandinCard> = {
  '4242': { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint: 'Xt5EWLLDS7FJjR1c', declines: false },
  '4444': { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2031, fingerprint: 'Ns4xQXNXd8b3iTHq', declines: false },
  '0341': { brand: 'visa', last4: '0341', exp_month: 10, exp_year: 2032, fingerprint: 'W7yB2R5nVZ3mKq0P', declines: true },
};

/**
 * Bank accounts as Stripe's test mode gives them (docs/decisions/0035-bank-debit.md), by account number: every
 * debit of one is `processing` until a webhook settles or returns it.
 */
const TEST_BANK_ACCOUNTS: Record<string, { last4: string; fingerprint: string }> = {
  '000123456789': { last4: '6789', fingerprint: 'BkA1settles00000' },
  '000222222227': { last4: '2227', fingerprint: 'BkA2insufficient' },
};

export interface StripeStandin {
  url: string;
  requests: StandinRequest[];
  customers: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** The customer enters a test card on the checkout page (by its last 4 digits). */
  completeSession(sessionId: string, last4: keyof typeof TEST_CARDS): { paymentMethodId: string };
  /** The customer enters a test bank account on a bank debit session (its scheme is the session's) and accepts Stripe's mandate. */
  completeBankSession(sessionId: string, accountNumber: keyof typeof TEST_BANK_ACCOUNTS): { paymentMethodId: string };
  /** The next PaymentIntent confirms as `processing` (settled later by webhook). */
  processNextCharge(): void;
  /** The next request answers 500. */
  failNextRequest(): void;
  /** A card saved to a customer directly (as if through an earlier checkout); its payment method id. */
  addPaymentMethod(customerId: string, last4: keyof typeof TEST_CARDS): string;
  /** Every PaymentIntent request waits this long before answering (a processor under load). */
  setChargeLatency(ms: number): void;
  /** PaymentIntents created, by idempotency key (a replayed key creates none). */
  chargesByKey: Map<string, string[]>;
  /** Requests refused with 409 because another request with the same key was still in progress. */
  concurrentKeyConflicts: string[];
  /** Refunds created, by id: the PaymentIntent each gave back on and how much (minor units). */
  refunds: Map<string, { paymentIntent: string; amount: number }>;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

export const startStripeStandin = async (): Promise<StripeStandin> => {
  let n = 0;
  const nextId = (prefix: string) => `${prefix}_standin_${++n}`;
  const requests: StandinRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const paymentMethods = new Map<string, Record<string, unknown> & { declines: boolean }>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let processNext = false;
  let failNext = false;
  let chargeLatencyMs = 0;
  const chargesByKey = new Map<string, string[]>();
  const concurrentKeyConflicts: string[] = [];
  const inFlightKeys = new Set<string>();
  // Succeeded PaymentIntents, what each took and what refunds gave back of it.
  const intents = new Map<string, { amount: number; currency: string; refunded: number }>();
  const refunds = new Map<string, { paymentIntent: string; amount: number }>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    response.end(JSON.stringify(body));
  };
  const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });

  const publicMethod = (pm: Record<string, unknown> & { declines: boolean }) => {
    const { declines: _declines, ...rest } = pm;
    return rest;
  };

  const route = (method: string, path: string, params: Record<string, string>, idempotencyKey: string | undefined): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: nextId('cus'), object: 'customer', name: params.name ?? null, email: params.email ?? null, metadata: pick(params, 'metadata') };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        customer: params.customer,
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        setup_intent: null as string | null,
        metadata: pick(params, 'metadata'),
        allowed_payment_method_types: [params['allowed_payment_method_types[0]']],
        currency: params.currency ?? null,
        payment_method_options: pickNested(params, 'payment_method_options'),
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      if (!session) return notFound('checkout.session');
      const expand = Object.entries(params).filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      if (!expand.includes('setup_intent.payment_method') || !session.setup_intent) return { status: 200, body: session };
      const intent = setupIntents.get(session.setup_intent as string)!;
      const pm = paymentMethods.get(intent.payment_method as string)!;
      return { status: 200, body: { ...session, setup_intent: { ...intent, payment_method: publicMethod(pm) } } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = paymentMethods.get(params.payment_method ?? '');
      if (!pm) return notFound('payment_method');
      const types = Object.entries(params).filter(([k]) => k.startsWith('payment_method_types[')).map(([, v]) => v);
      if (pm.type !== 'card') {
        // As Stripe: a bank debit names its type, and is `processing` until the bank answers (days).
        if (!types.includes(pm.type as string)) {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: `The PaymentMethod provided (${String(pm.type)}) is not allowed for this PaymentIntent.` } } };
        }
        const intent = {
          id: nextId('pi'),
          object: 'payment_intent',
          amount: Number(params.amount),
          currency: params.currency,
          customer: params.customer ?? null,
          payment_method: pm.id,
          payment_method_types: types,
          metadata: pick(params, 'metadata'),
          status: 'processing',
          last_payment_error: null,
        };
        const key = idempotencyKey ?? '(none)';
        chargesByKey.set(key, [...(chargesByKey.get(key) ?? []), intent.id]);
        return { status: 200, body: intent };
      }
      const intent = {
        id: nextId('pi'),
        object: 'payment_intent',
        amount: Number(params.amount),
        currency: params.currency,
        customer: params.customer ?? null,
        payment_method: pm.id,
        metadata: pick(params, 'metadata'),
        status: 'succeeded',
        last_payment_error: null as unknown,
      };
      if (pm.declines) {
        const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
        return { status: 402, body: { error: { ...error, payment_intent: { ...intent, status: 'requires_payment_method', last_payment_error: error } } } };
      }
      const key = idempotencyKey ?? '(none)';
      chargesByKey.set(key, [...(chargesByKey.get(key) ?? []), intent.id]);
      if (processNext) {
        processNext = false;
        return { status: 200, body: { ...intent, status: 'processing' } };
      }
      intents.set(intent.id, { amount: intent.amount, currency: intent.currency ?? '', refunded: 0 });
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(params.payment_intent ?? '');
      if (!intent) return notFound('payment_intent');
      const amount = params.amount === undefined ? intent.amount - intent.refunded : Number(params.amount);
      // Stripe's own refusal of a refund above what the charge still holds.
      if (amount > intent.amount - intent.refunded) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount is greater than unrefunded amount on charge` } } };
      }
      intent.refunded += amount;
      const refund = { id: nextId('re'), object: 'refund', amount, currency: intent.currency, payment_intent: params.payment_intent, status: 'succeeded', metadata: pick(params, 'metadata') };
      refunds.set(refund.id, { paymentIntent: params.payment_intent!, amount });
      return { status: 200, body: refund };
    }
    const detachMatch = /^\/v1\/payment_methods\/([\w-]+)\/detach$/.exec(path);
    if (method === 'POST' && detachMatch) {
      const pm = paymentMethods.get(detachMatch[1]!);
      if (!pm) return notFound('payment_method');
      pm.customer = null;
      return { status: 200, body: publicMethod(pm) };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://standin');
      const text = await readBody(request);
      const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : text));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey });
      if (failNext) {
        failNext = false;
        return send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on the stand-in.' } });
      }
      const replayKey = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`;
      if (replayKey && inFlightKeys.has(replayKey)) {
        // What Stripe answers while the first request with a key is still being processed.
        concurrentKeyConflicts.push(idempotencyKey!);
        return send(response, 409, { error: { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key.' } });
      }
      if (replayKey) inFlightKeys.add(replayKey);
      try {
        if (chargeLatencyMs > 0 && url.pathname === '/v1/payment_intents') await new Promise((resolve) => setTimeout(resolve, chargeLatencyMs));
        const replay = replayKey ? replays.get(replayKey) : undefined;
        const answer = replay ?? route(request.method ?? 'GET', url.pathname, params, idempotencyKey);
        if (replayKey && !replay) replays.set(replayKey, answer);
        send(response, answer.status, answer.body);
      } finally {
        if (replayKey) inFlightKeys.delete(replayKey);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    completeSession: (sessionId, last4) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const card = TEST_CARDS[last4]!;
      const pm = { id: nextId('pm'), object: 'payment_method', type: 'card', customer: session.customer, card: { ...card, declines: undefined }, declines: card.declines };
      delete (pm.card as { declines?: boolean }).declines;
      paymentMethods.set(pm.id, pm);
      const intent = { id: nextId('seti'), object: 'setup_intent', status: 'succeeded', payment_method: pm.id, customer: session.customer };
      setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      session.status = 'complete';
      return { paymentMethodId: pm.id };
    },
    completeBankSession: (sessionId, accountNumber) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const type = (session.allowed_payment_method_types as string[])[0]!;
      if (type !== 'acss_debit' && type !== 'us_bank_account') throw new Error(`session ${sessionId} takes ${type}, not a bank account`);
      const account = TEST_BANK_ACCOUNTS[accountNumber]!;
      const details =
        type === 'acss_debit'
          ? { acss_debit: { bank_name: 'STRIPE TEST BANK', institution_number: '000', transit_number: '11000', last4: account.last4, fingerprint: account.fingerprint } }
          : { us_bank_account: { bank_name: 'STRIPE TEST BANK', routing_number: '110000000', last4: account.last4, fingerprint: account.fingerprint, account_type: 'checking' } };
      const pm = { id: nextId('pm'), object: 'payment_method', type, customer: session.customer, ...details, declines: false };
      paymentMethods.set(pm.id, pm);
      const intent = { id: nextId('seti'), object: 'setup_intent', status: 'succeeded', payment_method: pm.id, customer: session.customer, mandate: nextId('mandate') };
      setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      session.status = 'complete';
      return { paymentMethodId: pm.id };
    },
    processNextCharge: () => {
      processNext = true;
    },
    failNextRequest: () => {
      failNext = true;
    },
    addPaymentMethod: (customerId, last4) => {
      const card = TEST_CARDS[last4]!;
      const { declines, ...publicCard } = card;
      const pm = { id: nextId('pm'), object: 'payment_method', type: 'card', customer: customerId, card: publicCard, declines };
      paymentMethods.set(pm.id, pm);
      return pm.id;
    },
    setChargeLatency: (ms) => {
      chargeLatencyMs = ms;
    },
    chargesByKey,
    concurrentKeyConflicts,
    refunds,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};

/** `metadata[key]=value` form fields back into an object. */
const pick = (params: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );

/** `prefix[a][b]=value` form fields back into nested objects. */
const pickNested = (params: Record<string, string>, prefix: string): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!key.startsWith(`${prefix}[`)) continue;
    const path = key.slice(prefix.length).match(/\[([^\]]*)\]/g)!.map((part) => part.slice(1, -1));
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  return out;
};
