#!/usr/bin/env node
// docs/decisions/0009-performance-budgets.md: two server instances on one PostgreSQL behind a round-robin proxy, a few hundred
// customers signed in, a realistic mix at 200 req/s (sign-in, home, invoice list/detail, PDF, CDR
// export, payments, card changes) for --minutes (default 1). Budgets: no error, each instance's RSS
// growth ≤ 10 %, and the ledger balances afterwards (no payment lost or doubled; what each touched
// receivable's owing went down by equals the Successful assignments made to it).
//
//   npm run build -w @portal/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/soak.mjs [--minutes 10] [--users 300]
//
// The database must hold the scale data (`npm run bench:api -- --seed`). Scale accounts have no users:
// the soak gives each account it uses one customer, `soak-<customer number>`, with the demo password,
// and a second card through the sandbox checkout (kept for later runs). Its payments are real rows.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { percentile, report, root, startProcess, startServer, stopProcess, waitFor } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};

// ── The proxy (a child process of the bench, so its CPU is not the load generator's) ─────────────────
/**
 * Round-robin over the instances with keep-alive connections from 127.0.0.1, the one address the
 * servers trust (TRUST_PROXY=127.0.0.1): it appends the client's address to X-Forwarded-For as a load
 * balancer does, so the per-address sign-in limit sees each customer's address, not the proxy's.
 */
const runProxy = (listenPort, upstreamPorts) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 128, localAddress: '127.0.0.1' });
  const stats = { forwarded: Object.fromEntries(upstreamPorts.map((p) => [p, 0])), upstreamErrors: 0 };
  let next = 0;
  const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
  createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    if (req.url === '/__soak/stats') return res.end(JSON.stringify(stats));
    const port = upstreamPorts[next++ % upstreamPorts.length];
    stats.forwarded[port] += 1;
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
    const client = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
    const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent }, (up) => {
      const out = {};
      for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    });
    upstream.on('error', () => {
      stats.upstreamErrors += 1;
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  }).listen(listenPort, '127.0.0.1');
};

if (process.argv.includes('--proxy')) {
  runProxy(Number(arg('proxy')), arg('upstreams').split(',').map(Number));
} else {
  await soak();
}

async function soak() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error(
      'Set BENCH_DATABASE_URL to a PostgreSQL database holding the scale data (npm run bench:api -- --seed loads it).',
    );
    process.exit(2);
  }
  if (!existsSync(`${root}/apps/server/dist/server.js`)) {
    console.error('No compiled server: npm run build -w @portal/server first.');
    process.exit(2);
  }
  const MINUTES = Number(arg('minutes', '1'));
  const USERS = Number(arg('users', '300'));
  const RATE = Number(process.env.BENCH_RATE ?? 200);
  const LOAD_MS = MINUTES * 60_000;
  /** The latency window begins after the warm-up: compiled code, pools and caches settled. */
  const WARMUP_MS = Math.max(15_000, LOAD_MS / 10);
  /**
   * RSS is compared as its floor (the lowest of each second's sample) over 30 s from RSS_FROM_S and over
   * the last 30 s: a single sample lands anywhere on the garbage collector's sawtooth. At 200 req/s the
   * heap grows until its first major collection at about 100 s (RSS 160 → 280 → 200 MB), so "start" is
   * taken after 2 minutes and growth is judged only in runs of 3 minutes or more. Before the load, every
   * answer the mix can ask for is read once from each instance, so what they keep (HOME_MODEL_CACHE_MB,
   * INVOICE_CACHE_MB) starts at its working size instead of filling by design for longer than the run.
   * What is judged is RSS less the bytes of answers the instance reports it keeps (`home_model_kept_bytes`,
   * `invoice_kept_bytes`, read from its own metrics listener each second), so that the budget catches what
   * grows without a cap. RSS as it is, and the kept bytes, are reported beside.
   */
  const RSS_FROM_S = Math.max(WARMUP_MS / 1000, 120);
  const RSS_WINDOW_S = 30;
  const rssJudged = LOAD_MS / 1000 >= RSS_FROM_S + 60;
  const PORTS = [3210, 3211];
  const METRICS_PORTS = [3213, 3214];
  const PROXY_PORT = 3212;
  const origin = `http://127.0.0.1:${PROXY_PORT}`;
  const PASSWORD = 'Demo-Pass-2025!'; // the demo password (apps/server/src/db/seed/demo-users.ts)
  const ROOM_NEEDED = 150; // open amount an account needs to take a 10-minute run's payments (≈ $30)

  // ── Customers: scale accounts with a usable sandbox card and money owing ──────────────────────────
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const sizes = (
    await db.query(`select (select count(*) from accounts) a, (select count(*) from invoices) i, (select count(*) from cdrs) c`)
  ).rows[0];
  if (Number(sizes.a) < 10_000) {
    console.error(`The database has ${sizes.a} accounts; load the scale data first (npm run bench:api -- --seed).`);
    process.exit(2);
  }
  console.log(`Data: ${sizes.a} accounts, ${sizes.i} invoices, ${sizes.c} CDRs`);
  const hasCredits = (await db.query(`select to_regclass('public.credit_notes') is not null as t`)).rows[0].t;
  const credited = (r) =>
    hasCredits ? `coalesce((select sum(cn.amount) from credit_notes cn where cn.receivable_id = ${r}), 0)` : '0';
  const chosen = (
    await db.query(
      `with committed as (
         select pa.receivable_id, sum(pa.amount) as amount from payment_assignments pa join payments p on p.id = pa.payment_id
         where p.status in ('Successful', 'InProgress') group by 1),
       open as (
         select r.account_id, sum(r.amount - coalesce(c.amount, 0) - ${credited('r.id')}) as amount
         from receivables r left join committed c on c.receivable_id = r.id group by 1)
       select a.id, a.customer_no, a.name, a.currency, o.amount::text as open
       from accounts a join open o on o.account_id = a.id
       where o.amount >= $1
         and not exists (select 1 from user_accounts ua join users u on u.id = ua.user_id where ua.account_id = a.id and u.username not like 'soak-%')
         and exists (select 1 from payment_methods pm join sandbox_vault v on v.ref = pm.provider_ref
                     where pm.account_id = a.id and not v.declines_charges and pm.exp_year * 12 + pm.exp_month >= extract(year from now()) * 12 + extract(month from now()))
       order by a.id limit $2`,
      [ROOM_NEEDED, USERS],
    )
  ).rows;
  if (chosen.length < USERS) throw new Error(`only ${chosen.length} accounts can take payments; need ${USERS}`);
  const require = createRequire(`${root}/apps/server/package.json`);
  const { hash } = require('@node-rs/argon2');
  // The server's own argon2id settings (apps/server/src/lib/password.ts); one hash serves every soak user.
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const userRows = (
    await db.query(
      `insert into users (username, email, name, password_hash, status)
       select 'soak-' || c.no, 'soak-' || c.no || '@example.com', c.name, $3, 'active' from unnest($1::text[], $2::text[]) as c(no, name)
       on conflict ((lower(username))) do update set password_hash = excluded.password_hash, status = 'active'
       returning id, username`,
      [chosen.map((a) => a.customer_no), chosen.map((a) => a.name), passwordHash],
    )
  ).rows;
  const userIdOf = new Map(userRows.map((u) => [u.username, String(u.id)]));
  await db.query(
    `insert into user_accounts (user_id, account_id) select * from unnest($1::bigint[], $2::bigint[]) on conflict do nothing`,
    [chosen.map((a) => userIdOf.get(`soak-${a.customer_no}`)), chosen.map((a) => a.id)],
  );
  const accountIds = chosen.map((a) => String(a.id));
  const invoicesOf = new Map(accountIds.map((id) => [id, []]));
  for (const row of (
    await db.query(`select id, account_id from invoices where account_id = any($1::bigint[]) and state = 'Posted'`, [accountIds])
  ).rows) {
    invoicesOf.get(String(row.account_id)).push(String(row.id));
  }

  // ── Two instances, jobs on in both (settlement, charge resubmission, autopay, mail race as in production) ──
  const servers = [];
  const proxy = startProcess(process.execPath, [
    fileURLToPath(import.meta.url),
    '--proxy',
    String(PROXY_PORT),
    '--upstreams',
    PORTS.join(','),
  ]);
  const stopAll = async () => {
    for (const s of servers) await stopProcess(s);
    await stopProcess(proxy);
  };
  process.on('SIGINT', () => stopAll().then(() => process.exit(130)));
  try {
    // One after the other: the first applies pending migrations, the second finds none.
    for (const [i, port] of PORTS.entries()) {
      const server = startServer(port, {
        DATABASE_URL: url,
        JOBS_ENABLED: 'true',
        PUBLIC_ORIGIN: origin,
        TRUST_PROXY: '127.0.0.1',
        METRICS_PORT: String(METRICS_PORTS[i]),
        DATA_DIR: `${root}/bench/results/soak-data-${i}`,
      });
      servers.push(server);
      await waitFor(`http://127.0.0.1:${port}/readyz`);
    }
    await waitFor(`${origin}/readyz`);

    // ── HTTP as a browser: each customer has its own loopback address and keep-alive connections ──
    const users = chosen.map((a, i) => ({
      username: `soak-${a.customer_no}`,
      userId: userIdOf.get(`soak-${a.customer_no}`),
      accountId: String(a.id),
      name: a.name,
      currency: a.currency.trim(),
      roomCents: cents(a.open),
      invoices: invoicesOf.get(String(a.id)),
      // 127.77.x.y: any 127/8 address is local on Linux; none is 127.0.0.1, the proxy's.
      agent: new Agent({ keepAlive: true, maxSockets: 6, localAddress: `127.77.${Math.floor(i / 250)}.${1 + (i % 250)}` }),
      token: null,
      cards: [],
      cardBusy: false,
    }));

    const samples = new Map(); // route → [{ at, ms }]
    const errors = [];
    let measuring = false;
    let measuredStarts = 0;
    const send = (
      user,
      route,
      method,
      path,
      { body, headers = {}, expect = [200], raw = false, form = false, port = PROXY_PORT } = {},
    ) =>
      new Promise((resolve) => {
        const payload = body === undefined ? undefined : form ? new URLSearchParams(body).toString() : JSON.stringify(body);
        const h = {
          'accept-encoding': 'br, gzip',
          ...(user.token ? { authorization: `Bearer ${user.token}` } : {}),
          ...(payload
            ? {
                'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
          ...headers,
        };
        const started = performance.now();
        // A request started in the measured window counts there, even if it ends after the load.
        const counted = measuring;
        if (counted) measuredStarts += 1;
        let done = false;
        const fail = (what) => {
          if (done) return;
          done = true;
          errors.push({ route, what, at: new Date().toISOString() });
          resolve(null);
        };
        const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: h, agent: user.agent }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', (e) => fail(`response ${e.code ?? e.message}`));
          res.on('end', () => {
            if (done) return;
            const ms = performance.now() - started;
            if (counted) (samples.get(route) ?? samples.set(route, []).get(route)).push(ms);
            if (!expect.includes(res.statusCode))
              return fail(
                `HTTP ${res.statusCode} ${method} ${path.split('?')[0]}: ${Buffer.concat(chunks).toString().slice(0, 200)}`,
              );
            done = true;
            let data = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            if (enc === 'br') data = brotliDecompressSync(data);
            else if (enc === 'gzip') data = gunzipSync(data);
            resolve({
              status: res.statusCode,
              headers: res.headers,
              body: raw ? data : data.length ? JSON.parse(data.toString()) : null,
            });
          });
        });
        req.on('error', (e) => fail(`socket ${e.code ?? e.message}`));
        req.end(payload);
      });

    // A new sign-in replaces the token only when it succeeds: the customer's other requests go on meanwhile.
    const signIn = async (user) => {
      const res = await send(user, 'sign-in', 'POST', '/a/v1/Authenticate', {
        body: { username: user.username, password: PASSWORD },
      });
      if (!res) return;
      if (!res.body.successful) return errors.push({ route: 'sign-in', what: res.body.error });
      user.token = res.body.token;
    };
    const listCards = async (user) => {
      const res = await send(user, 'card list', 'GET', `/b/v1/PaymentMethod/methods/${user.accountId}`);
      return res
        ? res.body.value.map((e) => ({ id: String(e.paymentMethod.id), default: e.paymentMethod.default, last4: e.card.last4 }))
        : null;
    };
    /** Adds a card through the sandbox provider's checkout page, as a browser does; its id, or null. */
    const addCard = async (user, cardNumber, cvc) => {
      const setup = await send(user, 'card checkout setup', 'POST', '/b/v1/checkoutapi/setup', {
        body: {
          accountId: user.accountId,
          order: { name: user.name, accountId: user.accountId, currency: user.currency },
          successUrl: `${origin}/payments?paymentMethodAdded=true`, // as the web asks (checkoutSuccessUrl)
          cancelUrl: `${origin}/payments`,
        },
      });
      if (!setup) return null;
      const page = new URL(setup.body.url);
      const posted = await send(user, 'sandbox card entry', 'POST', page.pathname + page.search, {
        body: { cardNumber, expiry: '12/30', cvc, nameOnCard: 'Soak Tester' },
        form: true,
        expect: [303],
        raw: true,
      });
      if (!posted) return null;
      // The success URL as given when saved; with `cardNotSaved` (and without `paymentMethodAdded`) when refused.
      if (!String(posted.headers.location).includes('paymentMethodAdded')) {
        errors.push({ route: 'sandbox card entry', what: `not saved: ${posted.headers.location}` });
        return null;
      }
      // The newest card with those last four digits is the one just added.
      const ids = ((await listCards(user)) ?? []).filter((c) => c.last4 === cardNumber.slice(-4)).map((c) => BigInt(c.id));
      return ids.length ? String(ids.reduce((a, b) => (b > a ? b : a))) : null;
    };
    const AMEX = '378282246310005';

    // ── Set-up (not measured): sign every customer in, give each two cards ─────────────────────────
    /** `run` for every customer, ten at a time. */
    const forEachUser = async (run) => {
      for (let i = 0; i < users.length; i += 10) await Promise.all(users.slice(i, i + 10).map(run));
    };
    const setupStarted = Date.now();
    await forEachUser(signIn);
    await forEachUser(async (user) => {
      let cards = await listCards(user);
      if (!cards) return;
      for (const stale of cards.filter((c) => c.last4 === AMEX.slice(-4))) {
        await send(user, 'card delete', 'DELETE', `/b/v1/PaymentMethod/methods/${stale.id}`); // left by an interrupted run
      }
      cards = cards.filter((c) => c.last4 !== AMEX.slice(-4));
      if (cards.length < 2 && (await addCard(user, '5555555555554444', '123'))) cards = await listCards(user);
      user.cards = (cards ?? []).slice(0, 2).map((c) => c.id);
    });
    const unready = users.filter((u) => !u.token || u.cards.length < 2);
    console.log(
      `Set-up: ${users.length} customers signed in, ${users.length - unready.length} with two cards, ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    if (unready.length) throw new Error(`set-up failed for ${unready.length} customers: ${JSON.stringify(errors.slice(0, 5))}`);
    const setupErrors = errors.splice(0);

    // ── Ledger before: what each receivable of these accounts owes (lib/ledger.ts: amount less
    //    Successful assignments and credit notes) ───────────────────────────────────────────────
    const ledgerSql = `
      select r.id, r.account_id, r.invoice_id, coalesce(i.amount, r.amount)::text as amount,
        coalesce((select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
                  where pa.receivable_id = r.id and p.status = 'Successful'), 0)::text as collected,
        ${credited('r.id')}::text as credited
      from receivables r left join invoices i on i.id = r.invoice_id where r.account_id = any($1::bigint[])`;
    const owingOf = async () =>
      new Map(
        (await db.query(ledgerSql, [accountIds])).rows.map((r) => [
          String(r.id),
          {
            accountId: String(r.account_id),
            invoiceId: r.invoice_id && String(r.invoice_id),
            amount: cents(r.amount),
            collected: cents(r.collected),
            credited: cents(r.credited),
          },
        ]),
      );
    const before = await owingOf();
    const ledgerStarted = (await db.query('select now() as t')).rows[0].t;

    // ── The mix ────────────────────────────────────────────────────────────────────────────────────
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const payments = []; // { key, accountId, amountCents, ids: [answered payment ids] }
    const documentLink = async (user, invoiceId, name) => {
      const urls = await send(user, 'invoice links', 'GET', `/b/v1/Billing/InvoiceURLs/${invoiceId}`);
      return urls?.body.urls.find((u) => u.name === name)?.url ?? null;
    };
    const homePath = (u) => `/b/v1/Billing/GetClientHomeModel/${u.accountId}`;
    const listPath = (u) =>
      `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${u.accountId} && State=="Posted"`)}&orderby=${encodeURIComponent('EndDate desc')}&skip=0&take=10&count=true`;
    const detailPath = (invoiceId) => `/b/v1/Invoice/details/${invoiceId}`;
    const ops = [
      {
        name: 'home',
        weight: 24,
        requests: 1,
        run: (u) => send(u, 'home model', 'GET', homePath(u)),
      },
      {
        name: 'invoice list',
        weight: 20,
        requests: 1,
        run: (u) => send(u, 'invoice list', 'GET', listPath(u)),
      },
      {
        name: 'invoice detail',
        weight: 20,
        requests: 1,
        run: (u) => send(u, 'invoice detail', 'GET', detailPath(pick(u.invoices))),
      },
      {
        name: 'invoice PDF',
        weight: 8,
        requests: 2,
        run: async (u) => {
          const link = await documentLink(u, pick(u.invoices), 'PDF');
          if (!link) return;
          const pdf = await send(u, 'invoice PDF', 'GET', new URL(link, origin).pathname + new URL(link, origin).search, {
            raw: true,
          });
          if (pdf && pdf.body.subarray(0, 5).toString() !== '%PDF-') errors.push({ route: 'invoice PDF', what: 'not a PDF' });
        },
      },
      {
        name: 'CDR export',
        weight: 5,
        requests: 2,
        run: async (u) => {
          const link = await documentLink(u, pick(u.invoices), 'CDRs');
          if (!link) return;
          const csv = await send(u, 'CDR export', 'GET', new URL(link, origin).pathname + new URL(link, origin).search, {
            raw: true,
          });
          // Read fully: the scale invoices carry 42–50 records each, plus the header line.
          const lines = csv ? csv.body.toString().trimEnd().split('\n').length : 0;
          if (csv && lines < 43) errors.push({ route: 'CDR export', what: `${lines} lines` });
        },
      },
      {
        name: 'payment',
        weight: 4,
        requests: 1.25,
        run: async (u) => {
          const amountCents = 50 + Math.floor(Math.random() * 201); // $0.50–$2.50
          if (u.roomCents < BigInt(amountCents) + 500n) return;
          u.roomCents -= BigInt(amountCents);
          const key = randomUUID();
          const record = { key, accountId: u.accountId, amountCents, ids: [], errors: 0 };
          payments.push(record);
          const body = {
            payment: {
              accountId: u.accountId,
              amount: (amountCents / 100).toFixed(2),
              currency: u.currency,
              status: 'InProgress',
              type: 'Credit Card (Manual)',
            },
            paymentMethodInfo: { paymentMethodId: pick(u.cards), selected: true },
          };
          const submit = async () => {
            const res = await send(u, 'payment', 'POST', '/b/v1/Payment/customerpayment?autoAssignPayment=true', {
              body,
              headers: { 'idempotency-key': key },
            });
            if (!res) return (record.errors += 1);
            if (res.body.error || !res.body.payment) {
              record.errors += 1;
              return errors.push({ route: 'payment', what: `refused: ${res.body.error}` });
            }
            record.ids.push(String(res.body.payment.id));
          };
          // A quarter are double-clicked: the same key twice at once, so each instance may take one.
          await Promise.all(Math.random() < 0.25 ? [submit(), submit()] : [submit()]);
        },
      },
      {
        name: 'card change',
        weight: 4,
        requests: 2,
        run: async (u) => {
          if (u.cardBusy) return;
          u.cardBusy = true;
          try {
            const cards = await listCards(u);
            const other = cards?.find((c) => !c.default && u.cards.includes(c.id));
            if (other) await send(u, 'set default card', 'POST', `/b/v1/PaymentMethod/defaultmethod/${other.id}`);
          } finally {
            u.cardBusy = false;
          }
        },
      },
      {
        name: 'card add and delete',
        weight: 1,
        requests: 4,
        run: async (u) => {
          if (u.cardBusy) return;
          u.cardBusy = true;
          try {
            const added = await addCard(u, AMEX, '1234');
            if (added) await send(u, 'card delete', 'DELETE', `/b/v1/PaymentMethod/methods/${added}`);
          } finally {
            u.cardBusy = false;
          }
        },
      },
      { name: 'sign-in', weight: 3, requests: 1, run: (u) => signIn(u) },
    ];
    const totalWeight = ops.reduce((s, o) => s + o.weight, 0);
    const requestsPerOp = ops.reduce((s, o) => s + o.weight * o.requests, 0) / totalWeight;
    const opRate = RATE / requestsPerOp;
    const chooseOp = () => {
      let r = Math.random() * totalWeight;
      for (const op of ops) if ((r -= op.weight) < 0) return op;
      return ops[0];
    };

    const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    /**
     * From an instance's own metrics listener, in MB: the answers it reports keeping, and V8's heap (used by
     * live and not yet collected objects, and committed) with the memory outside it that V8 is told of
     * (buffers, zlib), so that RSS growth can be told apart: objects piling up, a heap V8 sized up, or neither.
     */
    const memoryOf = async (port) => {
      const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
      const gauge = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 1024 / 1024;
      return {
        kept: gauge('home_model_kept_bytes') + gauge('invoice_kept_bytes'),
        heapUsed: gauge('nodejs_heap_size_used_bytes'),
        heapTotal: gauge('nodejs_heap_size_total_bytes'),
        external: gauge('nodejs_external_memory_bytes'),
      };
    };
    // ── Kept answers filled (not measured): every home model, invoice list page and invoice detail the mix
    //    can ask for, read once from each instance directly, so that what each keeps is at its working size
    //    before the load and RSS growth during it is what has no cap ─────────────────────────────────────
    const fillStarted = Date.now();
    for (const port of PORTS) {
      await forEachUser(async (u) => {
        await send(u, 'home model', 'GET', homePath(u), { port });
        await send(u, 'invoice list', 'GET', listPath(u), { port });
        for (const id of u.invoices) await send(u, 'invoice detail', 'GET', detailPath(id), { port });
      });
    }
    const kept = (await Promise.all(METRICS_PORTS.map(memoryOf))).map((m) => m.kept);
    console.log(
      `Kept answers filled: ${users.length} home models, list pages and ${users.reduce((n, u) => n + u.invoices.length, 0)} invoice details read from each instance, ${kept.map((mb) => `${mb.toFixed(1)} MB`).join(' and ')} kept, ${((Date.now() - fillStarted) / 1000).toFixed(0)} s`,
    );
    if (errors.length) throw new Error(`filling the kept answers failed: ${JSON.stringify(errors.slice(0, 5))}`);

    const rss = servers.map((s) => ({ pid: s.pid, afterSetup: rssOf(s.pid), peak: 0 }));
    /** Every second: seconds into the load, and each instance's RSS and its memory as its metrics report it (MB). */
    const rssSeries = [];
    const loadStarted = performance.now();
    const sampler = setInterval(async () => {
      const t = (performance.now() - loadStarted) / 1000;
      const now = rss.map((r) => rssOf(r.pid));
      rss.forEach((r, i) => (r.peak = Math.max(r.peak, now[i])));
      try {
        const memory = await Promise.all(METRICS_PORTS.map(memoryOf));
        rssSeries.push({ t, rss: now, memory });
      } catch (e) {
        errors.push({ route: 'metrics', what: String(e) });
      }
    }, 1000);

    console.log(
      `Load: ${RATE} req/s (${opRate.toFixed(1)} operations/s) for ${MINUTES} min, warm-up ${WARMUP_MS / 1000} s, ${users.length} customers`,
    );
    const inflight = new Set();
    let sent = 0;
    let maxInflight = 0;
    await new Promise((resolve) => {
      const tick = () => {
        const elapsed = performance.now() - loadStarted;
        if (!measuring && elapsed >= WARMUP_MS) measuring = true;
        if (elapsed >= LOAD_MS) return resolve();
        const due = Math.floor((elapsed / 1000) * opRate);
        while (sent < due) {
          sent += 1;
          const p = chooseOp()
            .run(pick(users))
            .catch((e) => errors.push({ route: 'bench', what: String(e?.stack ?? e) }))
            .finally(() => inflight.delete(p));
          inflight.add(p);
        }
        maxInflight = Math.max(maxInflight, inflight.size);
        setTimeout(tick, 2);
      };
      tick();
    });
    const measuredSeconds = (performance.now() - loadStarted - WARMUP_MS) / 1000;
    /** The lowest of `value` over samples from `from` to `to` seconds. */
    const floor = (value, from, to) => {
      const window = rssSeries.filter(({ t }) => t >= from && t < to).map(value);
      return window.length ? Math.min(...window) : null;
    };
    const END_FROM_S = LOAD_MS / 1000 - RSS_WINDOW_S;
    /** The floors of `value` at the start and at the end of the judged span. */
    const startAndEnd = (value) => [floor(value, RSS_FROM_S, RSS_FROM_S + RSS_WINDOW_S), floor(value, END_FROM_S, Infinity)];
    rss.forEach((r, i) => {
      [r.start, r.end] = startAndEnd((row) => row.rss[i]);
      [r.lessKeptStart, r.lessKeptEnd] = startAndEnd((row) => row.rss[i] - row.memory[i].kept);
      [r.keptStart, r.keptEnd] = startAndEnd((row) => row.memory[i].kept);
      r.keptPeak = Math.max(...rssSeries.map((row) => row.memory[i].kept));
      // Used heap as its floor (what survives collections); committed heap and external memory as they are.
      [r.heapUsedStart, r.heapUsedEnd] = startAndEnd((row) => row.memory[i].heapUsed);
      [r.heapTotalStart, r.heapTotalEnd] = startAndEnd((row) => row.memory[i].heapTotal);
      [r.externalStart, r.externalEnd] = startAndEnd((row) => row.memory[i].external);
    });
    const rssTimeline = rssSeries
      .filter((_, k) => k % 10 === 9)
      .map(({ t, rss: mbs, memory }) => [
        Math.round(t),
        ...mbs.map(Math.round),
        ...memory.map((m) => +m.kept.toFixed(1)),
        ...memory.flatMap((m) => [Math.round(m.heapUsed), Math.round(m.heapTotal), Math.round(m.external)]),
      ]);
    measuring = false;
    await Promise.all(inflight);
    clearInterval(sampler);
    const proxyStats = await fetch(`${origin}/__soak/stats`).then((r) => r.json());

    // ── Afterwards: every payment settles (the sandbox's job on either instance), then the ledger ──
    const answered = payments.filter((p) => p.ids.length > 0);
    const answeredIds = [...new Set(answered.flatMap((p) => p.ids))];
    const waitStarted = Date.now();
    let inProgress = answeredIds.length;
    while (inProgress > 0 && Date.now() - waitStarted < 60_000) {
      inProgress = Number(
        (await db.query(`select count(*) from payments where id = any($1::bigint[]) and status = 'InProgress'`, [answeredIds]))
          .rows[0].count,
      );
      if (inProgress > 0) await new Promise((r) => setTimeout(r, 500));
    }
    const stored = (
      await db.query(
        `select p.id, p.account_id, p.idempotency_key, p.status, p.amount::text as amount, p.provider_ref,
                coalesce((select sum(pa.amount) from payment_assignments pa where pa.payment_id = p.id), 0)::text as assigned,
                (select count(*) from sandbox_charges sc where sc.ref = p.provider_ref) as charges
         from payments p where p.account_id = any($1::bigint[]) and p.idempotency_key = any($2::text[])`,
        [accountIds, payments.map((p) => `key:${p.key}`)],
      )
    ).rows;
    const byKey = new Map();
    for (const row of stored)
      (byKey.get(row.idempotency_key) ?? byKey.set(row.idempotency_key, []).get(row.idempotency_key)).push(row);
    const ledgerProblems = [];
    for (const p of answered) {
      const rows = byKey.get(`key:${p.key}`) ?? [];
      if (rows.length !== 1) ledgerProblems.push(`key ${p.key}: ${rows.length} payments stored`);
      else {
        const [row] = rows;
        if (new Set(p.ids).size !== 1 || p.ids[0] !== String(row.id))
          ledgerProblems.push(`key ${p.key}: answered ${p.ids.join(', ')}, stored ${row.id}`);
        if (row.status !== 'Successful') ledgerProblems.push(`payment ${row.id}: ${row.status}`);
        if (cents(row.amount) !== BigInt(p.amountCents))
          ledgerProblems.push(`payment ${row.id}: amount ${row.amount}, asked ${p.amountCents / 100}`);
        if (cents(row.assigned) !== cents(row.amount))
          ledgerProblems.push(`payment ${row.id}: ${row.amount} paid, ${row.assigned} assigned`);
        if (Number(row.charges) !== 1) ledgerProblems.push(`payment ${row.id}: ${row.charges} sandbox charges`);
      }
    }
    // Payments of the soak's customers the bench never got an answer for: a doubled one would show here.
    const unanswered = (
      await db.query(
        `select id, idempotency_key from payments where created_by_user_id = any($1::bigint[]) and created_at >= $2 and not (id = any($3::bigint[]))`,
        [users.map((u) => u.userId), ledgerStarted, answeredIds],
      )
    ).rows;
    for (const row of unanswered) ledgerProblems.push(`payment ${row.id} (${row.idempotency_key}) stored without an answer`);
    const duplicateKeys = Number(
      (
        await db.query(
          `select count(*) from (select 1 from payments where idempotency_key is not null group by account_id, idempotency_key having count(*) > 1) d`,
        )
      ).rows[0].count,
    );
    if (duplicateKeys) ledgerProblems.push(`${duplicateKeys} idempotency keys with several payments`);

    // Owing went down, per receivable, by exactly the Successful assignments made to it since the
    // snapshot (the bench's, and anyone else's: reported apart) and the credit notes issued since.
    const after = await owingOf();
    const assignedSince = new Map(
      (
        await db.query(
          `select pa.receivable_id, sum(pa.amount)::text as amount, coalesce(sum(pa.amount) filter (where pa.payment_id = any($2::bigint[])), 0)::text as bench
           from payment_assignments pa join payments p on p.id = pa.payment_id join receivables r on r.id = pa.receivable_id
           where r.account_id = any($1::bigint[]) and p.status = 'Successful' and p.created_at >= $3 group by 1`,
          [accountIds, answeredIds, ledgerStarted],
        )
      ).rows.map((r) => [String(r.receivable_id), { amount: cents(r.amount), bench: cents(r.bench) }]),
    );
    let touched = 0;
    const touchedIds = new Set();
    let owingDown = 0n;
    let assignedTotal = 0n;
    let othersAssigned = 0n;
    let creditsSince = 0n;
    for (const [id, was] of before) {
      const now = after.get(id);
      const owingBefore = was.amount - was.collected - was.credited;
      const owingAfter = now.amount - now.collected - now.credited;
      const assigned = assignedSince.get(id);
      const credit = now.credited - was.credited;
      if (owingBefore === owingAfter && !assigned) continue;
      touched += 1;
      touchedIds.add(id);
      owingDown += owingBefore - owingAfter;
      assignedTotal += assigned?.amount ?? 0n;
      creditsSince += credit;
      if (assigned) othersAssigned += assigned.amount - assigned.bench;
      if (owingBefore - owingAfter !== (assigned?.amount ?? 0n) + credit) {
        ledgerProblems.push(
          `receivable ${id}: owing ${money(owingBefore)} → ${money(owingAfter)}, Successful assignments since ${money(assigned?.amount ?? 0n)}, credits ${money(credit)}`,
        );
      }
      if (owingAfter < 0n) ledgerProblems.push(`receivable ${id}: owes ${money(owingAfter)}`);
    }
    const paidTotal = answered.reduce((s, p) => s + BigInt(p.amountCents), 0n);
    // The server's own owing (Invoice/details, lib/ledger.ts compiled) of every touched invoice agrees with the SQL above.
    const userOf = new Map(users.map((u) => [u.accountId, u]));
    let detailsCompared = 0;
    for (const [id, now] of after) {
      if (!now.invoiceId || !touchedIds.has(id)) continue;
      const details = await send(userOf.get(now.accountId), 'ledger check', 'GET', `/b/v1/Invoice/details/${now.invoiceId}`);
      if (!details) continue;
      detailsCompared += 1;
      const expected = now.amount - now.collected - now.credited;
      if (cents(details.body.owing) !== expected)
        ledgerProblems.push(
          `receivable ${id}: the server says invoice ${now.invoiceId} owes ${details.body.owing}, the ledger ${money(expected)}`,
        );
    }

    // ── Report ─────────────────────────────────────────────────────────────────────────────────────
    const routes = {};
    for (const [route, list] of [...samples.entries()].sort()) {
      const sorted = [...list].sort((a, b) => a - b);
      routes[route] = {
        requests: sorted.length,
        p50: +percentile(sorted, 50).toFixed(1),
        p99: +percentile(sorted, 99).toFixed(1),
        max: +sorted.at(-1).toFixed(1),
      };
    }
    console.table(routes);
    const rate = measuredStarts / measuredSeconds;
    const errorsByKind = {};
    for (const e of errors) {
      const kind = `${e.route}: ${String(e.what)
        .replace(/\d{4,}/g, 'N')
        .slice(0, 160)}`;
      errorsByKind[kind] = (errorsByKind[kind] ?? 0) + 1;
    }
    if (errors.length) console.log('Errors:', errorsByKind);
    if (ledgerProblems.length) console.log('Ledger problems (first 20):', ledgerProblems.slice(0, 20));
    const mb = (v) => `${v.toFixed(0)} MB`;
    const growth = (from, to) => `${(((to - from) / from) * 100).toFixed(1)}%`;
    const results = {
      data: { accounts: Number(sizes.a), invoices: Number(sizes.i), cdrs: Number(sizes.c) },
      minutes: MINUTES,
      rate: RATE,
      customers: users.length,
      warmupSeconds: WARMUP_MS / 1000,
      measuredRequestsPerSecond: +rate.toFixed(1),
      maxInflightOperations: maxInflight,
      proxy: proxyStats,
      routes,
      errors: errors.length,
      errorsByKind,
      setupErrors: setupErrors.length,
      rss: {
        judged: rssJudged,
        floorFromSeconds: RSS_FROM_S,
        floorWindowSeconds: RSS_WINDOW_S,
        timeline: {
          columns: 'seconds, RSS MB of each instance, kept MB of each instance, then per instance V8 heap used, heap committed and external MB',
          rows: rssTimeline,
        },
      },
      rssMB: rss.map((r) => ({
        afterSetup: +r.afterSetup.toFixed(1),
        start: r.start && +r.start.toFixed(1),
        end: r.end && +r.end.toFixed(1),
        peak: +r.peak.toFixed(1),
        lessKeptStart: r.lessKeptStart && +r.lessKeptStart.toFixed(1),
        lessKeptEnd: r.lessKeptEnd && +r.lessKeptEnd.toFixed(1),
        keptStart: r.keptStart && +r.keptStart.toFixed(1),
        keptEnd: r.keptEnd && +r.keptEnd.toFixed(1),
        keptPeak: +r.keptPeak.toFixed(1),
        heapUsed: [r.heapUsedStart, r.heapUsedEnd].map((x) => x && +x.toFixed(1)),
        heapCommitted: [r.heapTotalStart, r.heapTotalEnd].map((x) => x && +x.toFixed(1)),
        external: [r.externalStart, r.externalEnd].map((x) => x && +x.toFixed(1)),
      })),
      payments: {
        asked: payments.length,
        answered: answered.length,
        doubleSubmits: payments.filter((p) => p.ids.length === 2).length,
        paid: money(paidTotal),
        stillInProgress: inProgress,
      },
      ledger: {
        touchedReceivables: touched,
        serverOwingCompared: detailsCompared,
        owingDown: money(owingDown),
        successfulAssigned: money(assignedTotal),
        othersAssigned: money(othersAssigned),
        credits: money(creditsSince),
        problems: ledgerProblems.length,
        firstProblems: ledgerProblems.slice(0, 20),
      },
    };
    console.log(JSON.stringify({ ...results, routes: undefined, errorsByKind: undefined }, null, 2));
    const budgets = [
      {
        name: 'errors (unexpected non-2xx, socket errors, refused payments)',
        measured: String(errors.length),
        budget: '0',
        ok: errors.length === 0,
      },
      {
        name: 'load held',
        measured: `${rate.toFixed(1)} req/s over ${measuredSeconds.toFixed(0)} s`,
        budget: `≥ 95% of ${RATE} req/s`,
        ok: rate >= RATE * 0.95,
      },
      {
        name: 'both instances served',
        measured: Object.values(proxyStats.forwarded).join(' / '),
        budget: 'round robin, no proxy error',
        ok: Object.values(proxyStats.forwarded).every((n) => n > 0) && proxyStats.upstreamErrors === 0,
      },
      ...(rssJudged ? rss : []).map((r, i) => ({
        name: `instance ${i + 1} RSS growth less kept answers (floor over ${RSS_WINDOW_S} s from ${RSS_FROM_S} s → floor over the last ${RSS_WINDOW_S} s)`,
        measured: `${mb(r.lessKeptStart)} → ${mb(r.lessKeptEnd)} (${growth(r.lessKeptStart, r.lessKeptEnd)}); RSS ${mb(r.start)} → ${mb(r.end)} (${growth(r.start, r.end)}), kept ${mb(r.keptStart)} → ${mb(r.keptEnd)} (peak ${mb(r.keptPeak)}), after set-up ${mb(r.afterSetup)}, peak ${mb(r.peak)}; V8 heap used ${mb(r.heapUsedStart)} → ${mb(r.heapUsedEnd)}, committed ${mb(r.heapTotalStart)} → ${mb(r.heapTotalEnd)}, external ${mb(r.externalStart)} → ${mb(r.externalEnd)}`,
        budget: '≤ 10%',
        ok: r.lessKeptEnd <= r.lessKeptStart * 1.1,
      })),
      {
        name: 'payments: each answered once, stored once, Successful, fully assigned, charged once',
        measured: `${answered.length} answered (${results.payments.doubleSubmits} double submits), ${stored.length} stored, ${inProgress} still InProgress`,
        budget: 'no payment lost or doubled',
        ok: answered.length > 0 && inProgress === 0 && ledgerProblems.filter((p) => !p.startsWith('receivable')).length === 0,
      },
      {
        name: 'owing of each touched receivable fell by its Successful assignments',
        measured: `${touched} receivables (server's owing compared on ${detailsCompared}), owing −${money(owingDown)}, assigned ${money(assignedTotal)} (others ${money(othersAssigned)}, credits ${money(creditsSince)}), paid ${money(paidTotal)}`,
        budget: 'equal per receivable',
        ok:
          touched > 0 &&
          detailsCompared === touchedIds.size &&
          ledgerProblems.filter((p) => p.startsWith('receivable')).length === 0 &&
          assignedTotal - othersAssigned === paidTotal,
      },
    ];
    if (!rssJudged) {
      rss.forEach((r, i) =>
        console.log(
          `----  instance ${i + 1} RSS: after set-up ${mb(r.afterSetup)}, end ${mb(rssSeries.at(-1).rss[i])}, peak ${mb(r.peak)} (growth not judged: the run is shorter than ${(RSS_FROM_S + 60) / 60} min)`,
        ),
      );
    }
    process.exitCode = report('soak', results, budgets) ? 1 : 0;
  } finally {
    await db.end();
    await stopAll();
  }
}

/** Exact cents of a numeric's text ("12.3", "-4.05", "7"). */
function cents(text) {
  const [whole, fraction = ''] = String(text).replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return String(text).startsWith('-') ? -value : value;
}

function money(c) {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
