#!/usr/bin/env node
/**
 * A provider's day, scripted: `npm run demo:provider -- --url http://localhost:3000`. Creates an API
 * client through `npm run api-client` (against DATABASE_URL, or the embedded database when the portal is
 * stopped), else, the embedded database being held by the running portal, through the Admin API as an
 * Admin (the demo data's by default), then keeps the portal current through the provider API only: ten accounts (one French, one
 * with two sub-accounts), an invitation to each, the month's invoices, the month's usage in one NDJSON
 * batch, a bank transfer and a credit. Every id derives from `--prefix` and `--month`, and every record
 * from a seeded generator, so a second run sends the same bodies and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCOPES = 'accounts:write,invoices:write,usage:write,payments:write';
/** The demo data's Admin (db/seed: every demo user has this password). */
const DEMO_ADMIN = { username: 'admin', password: 'Demo-Pass-2025!' };
const USAGE = `Usage: npm run demo:provider -- --url <portal> [--prefix DEMO] [--month YYYY-MM] [--client-id <id> --client-secret <secret>]
       [--admin-username <name> --admin-password <password>]

  --url            the portal's origin (default http://localhost:3000)
  --prefix         starts every id the run sends (letters, digits, dashes; default DEMO): another prefix, another set of accounts
  --month          the month billed (default: the month before this one)
  --client-id, --client-secret
                   an API client's credentials (scopes ${SCOPES}) instead of creating one with
                   \`npm run api-client\` (also PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET)
  --admin-username, --admin-password
                   when the command line cannot create the client (a portal running on the embedded database
                   holds it), the Admin who creates it through the Admin API instead
                   (also PORTAL_ADMIN_USERNAME, PORTAL_ADMIN_PASSWORD; default: the demo data's ${DEMO_ADMIN.username})`;

class DemoError extends Error {}

// ── What the provider's billing system holds ───────────────────────────────────────────────

/** Taxes by jurisdiction, rates in thousandths of a percent (9.975 % = 9975). */
const TAXES = {
  'CA-ON': [{ name: 'HST', rate: 13000 }],
  'CA-QC': [
    { name: 'GST', nameFr: 'TPS', rate: 5000 },
    { name: 'QST', nameFr: 'TVQ', rate: 9975 },
  ],
  'CA-BC': [
    { name: 'GST', rate: 5000 },
    { name: 'PST', rate: 7000 },
  ],
  'CA-AB': [{ name: 'GST', rate: 5000 }],
  'US-WA': [{ name: 'Washington sales tax', rate: 10350 }],
  'US-NY': [{ name: 'New York sales tax', rate: 8875 }],
};

/**
 * The ten accounts: `parent` names another account's key (created before it); plans as name, monthly
 * price in cents and data in GB, with `lines` phone lines when more than one.
 * Phone numbers are in the 555-01xx range kept for fiction.
 */
const ACCOUNTS = [
  {
    key: 'A01',
    name: 'Maple Leaf Plumbing Ltd.',
    type: 'Business',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Toronto',
    contact: ['Priya', 'Raman'],
    address: ['120', 'King Street West', 'Toronto', 'ON', 'M5H 1J9', 'CA'],
    phone: '+14165550101',
    plan: ['Business Share 100 GB', 14500, 100],
    lines: 4,
    oneTime: ['Three new lines: connection fee', 10500],
  },
  {
    key: 'A02',
    parent: 'A01',
    name: 'Maple Leaf Plumbing: field crew',
    type: 'Business',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Toronto',
    contact: ['Marco', 'Silva'],
    address: ['120', 'King Street West', 'Toronto', 'ON', 'M5H 1J9', 'CA'],
    phone: '+14165550102',
    plan: ['Business Line 10 GB', 4500, 10],
  },
  {
    key: 'A03',
    parent: 'A01',
    name: 'Maple Leaf Plumbing: office',
    type: 'Business',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Toronto',
    contact: ['Hannah', 'Cohen'],
    address: ['120', 'King Street West', 'Toronto', 'ON', 'M5H 1J9', 'CA'],
    phone: '+14165550103',
    plan: ['Business Line 5 GB', 3500, 5],
  },
  {
    key: 'A04',
    name: 'Boulangerie Lévesque inc.',
    type: 'Business',
    currency: 'CAD',
    language: 'French',
    timeZone: 'America/Toronto',
    contact: ['Émilie', 'Lévesque'],
    address: ['4521', 'rue Saint-Denis', 'Montréal', 'QC', 'H2J 2L4', 'CA'],
    phone: '+15145550104',
    plan: ['Forfait Affaires 20 Go', 6500, 20],
  },
  {
    key: 'A05',
    name: 'Daniel Okafor',
    type: 'Residential',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Toronto',
    contact: ['Daniel', 'Okafor'],
    address: ['88', 'Bank Street', 'Ottawa', 'ON', 'K1P 5N2', 'CA'],
    phone: '+16135550105',
    plan: ['Unlimited 50 GB', 7500, 50],
  },
  {
    key: 'A06',
    name: 'Mei Chen',
    type: 'Residential',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Vancouver',
    contact: ['Mei', 'Chen'],
    address: ['1055', 'West Georgia Street', 'Vancouver', 'BC', 'V6E 3P3', 'CA'],
    phone: '+16045550106',
    plan: ['Essentials 20 GB', 5500, 20],
  },
  {
    key: 'A07',
    name: 'Liam Gallagher',
    type: 'Residential',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Edmonton',
    contact: ['Liam', 'Gallagher'],
    address: ['300', '8 Avenue SW', 'Calgary', 'AB', 'T2P 1C5', 'CA'],
    phone: '+14035550107',
    plan: ['Essentials 20 GB', 5500, 20],
  },
  {
    key: 'A08',
    name: 'Sofia Martínez',
    type: 'Residential',
    currency: 'USD',
    language: 'English',
    timeZone: 'America/Los_Angeles',
    contact: ['Sofia', 'Martínez'],
    address: ['1420', '5th Avenue', 'Seattle', 'WA', '98101', 'US'],
    phone: '+12065550108',
    plan: ['Unlimited Plus', 8000, 100],
  },
  {
    key: 'A09',
    name: 'Hudson Street Dental PLLC',
    type: 'Business',
    currency: 'USD',
    language: 'English',
    timeZone: 'America/New_York',
    contact: ['Rachel', 'Goldberg'],
    address: ['250', 'Hudson Street', 'New York', 'NY', '10013', 'US'],
    phone: '+12125550109',
    plan: ['Business Share 50 GB', 12000, 50],
  },
  {
    key: 'A10',
    name: 'Aiyana Thunderbird',
    type: 'Residential',
    currency: 'CAD',
    language: 'English',
    timeZone: 'America/Toronto',
    contact: ['Aiyana', 'Thunderbird'],
    address: ['45', 'Queen Street East', 'Toronto', 'ON', 'M5C 1R5', 'CA'],
    phone: '+14165550110',
    plan: ['Unlimited 50 GB', 7500, 50],
  },
];

// ── Pure builders of the bodies ──────────────────────────────────────────────────────────────

/** mulberry32: a small seeded generator, so a re-run builds the very same records. */
const generator = (text) => {
  let seed = 0;
  for (const char of text) seed = (Math.imul(seed, 31) + char.codePointAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** 1234 → "12.34" (cents are whole numbers throughout). */
const money = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const isoDay = (date) => date.toISOString().slice(0, 10);
const addDays = (day, days) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const emailLocal = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** The period billed: its first and last days, the issue and due dates, `YYYYMM` for ids. */
const billingMonth = (month) => {
  const [year, monthNumber] = month.split('-').map(Number);
  const periodStart = isoDay(new Date(Date.UTC(year, monthNumber - 1, 1)));
  const issueDate = isoDay(new Date(Date.UTC(year, monthNumber, 1)));
  return { periodStart, periodEnd: addDays(issueDate, -1), issueDate, dueDate: addDays(issueDate, 20), tag: month.replace('-', '') };
};

const externalIdOf = (prefix, account) => `${prefix}-${account.key}`;
const invoiceIdOf = (prefix, period, account) => `${prefix}-INV-${period.tag}-${account.key}`;

/** The account's contact, who is also the person invited to it: one address per prefix. */
const emailOf = (prefix, account) => `${[prefix, ...account.contact].map(emailLocal).join('.')}@example.com`;

const accountBody = (prefix, account) => {
  const [firstName, lastName] = account.contact;
  const [streetNumber, streetName, city, province, postal, country] = account.address;
  const email = emailOf(prefix, account);
  return {
    name: account.name,
    type: account.type,
    currency: account.currency,
    language: account.language,
    timeZone: account.timeZone,
    ...(account.parent ? { parentExternalId: `${prefix}-${account.parent}` } : {}),
    invoiceName: account.name,
    invoiceEmail: email,
    billingContact: { firstName, lastName, primaryEmail: email, primaryPhone: account.phone },
    billingAddress: { streetNumber, streetName, city, province, postal, country },
    // What This period counts against: unlimited calls and texts, the plan's data.
    plan: { name: account.plan[0], lines: account.lines ?? 1, allowances: { voiceMinutes: null, textMessages: null, dataMb: account.plan[2] * 1024 } },
  };
};

const invitationBody = (prefix, account) => ({ email: emailOf(prefix, account), name: account.contact.join(' ') });

const AREA_CODES = { CA: ['416', '514', '604', '403', '613', '647', '438'], US: ['206', '212', '617'] };
const WORDS = {
  English: { voice: 'Call', sms: 'Text message', data: 'Mobile data', CA: 'Call to Canada', US: 'Call to the United States', abroad: 'Text message abroad' },
  French: { voice: 'Appel', sms: 'Message texte', data: 'Données mobiles', CA: 'Appel vers le Canada', US: 'Appel vers les États-Unis', abroad: 'Message texte à l’étranger' },
};
/**
 * The charged kinds of usage: the rating class a record names and the invoice's Usage line that bills
 * those records names too; per started minute or per message, in cents.
 */
const CHARGED = {
  CrossBorder: { cents: 25, English: 'Calls across the border', French: 'Appels transfrontaliers' },
  InternationalSms: { cents: 15, English: 'Text messages abroad', French: 'Messages texte à l’étranger' },
};

const pick = (random, list) => list[Math.floor(random() * list.length)];
const fictional = (random, country) => `+1${pick(random, AREA_CODES[country])}55501${String(Math.floor(random() * 100)).padStart(2, '0')}`;

/**
 * A month of one account's rated call detail records, a few hundred: most are within the plan
 * (amount 0.00); calls to the other side of the border and texts abroad are charged.
 */
const usageRecords = (prefix, period, account) => {
  const random = generator(`${prefix}/${period.tag}/${account.key}`);
  const words = WORDS[account.language];
  const home = account.address[5];
  const start = Date.parse(`${period.periodStart}T00:00:00Z`);
  const seconds = (Date.parse(`${period.issueDate}T00:00:00Z`) - start) / 1000;
  const count = 200 + Math.floor(random() * 200);
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    const kind = roll < 0.5 ? 'voice' : roll < 0.8 ? 'sms' : 'data';
    const direction = kind !== 'data' && random() < 0.4 ? 'incoming' : 'outgoing';
    const record = {
      recordId: `${prefix}-${period.tag}-${account.key}-${String(index + 1).padStart(4, '0')}`,
      accountExternalId: externalIdOf(prefix, account),
      startedAt: new Date(start + Math.floor(random() * seconds) * 1000).toISOString(),
      kind,
      direction,
      fromNumber: account.phone,
      description: words[kind],
      amount: '0.00',
      invoiceExternalId: invoiceIdOf(prefix, period, account),
    };
    if (kind === 'data') return { ...record, dataKb: 1024 + Math.floor(random() * 400_000) };
    const abroad = direction === 'outgoing' && random() < 0.12;
    const country = kind === 'voice' && abroad ? (home === 'CA' ? 'US' : 'CA') : home;
    // Texts abroad go to the United Kingdom's range kept for drama (+44 7700 900xxx).
    const other = kind === 'sms' && abroad ? `+447700900${String(Math.floor(random() * 1000)).padStart(3, '0')}` : fictional(random, country);
    const ends = direction === 'outgoing' ? { fromNumber: account.phone, toNumber: other } : { fromNumber: other, toNumber: account.phone };
    if (kind === 'sms') {
      return abroad ? { ...record, ...ends, description: words.abroad, amount: money(CHARGED.InternationalSms.cents), ratingClass: 'InternationalSms' } : { ...record, ...ends };
    }
    const durationSeconds = 15 + Math.floor(random() * 900);
    const call = { ...record, ...ends, durationSeconds };
    return abroad ? { ...call, description: words[country], amount: money(Math.ceil(durationSeconds / 60) * CHARGED.CrossBorder.cents), ratingClass: 'CrossBorder' } : call;
  });
};

const cents = (amount) => Math.round(Number(amount) * 100);

/**
 * The month's invoice of an account: its plan, a Usage line per charged rating class (the records it
 * bills), a one-time charge, and each jurisdiction's tax on all of it; sums to the cent.
 */
const invoiceBody = (prefix, period, account, records) => {
  const french = account.language === 'French';
  const usageLines = Object.entries(CHARGED).flatMap(([ratingClass, charged]) => {
    const amount = records.filter((record) => record.ratingClass === ratingClass).reduce((sum, record) => sum + cents(record.amount), 0);
    return amount > 0 ? [{ description: charged[account.language], category: 'Usage', amount, usage: ratingClass }] : [];
  });
  const lines = [
    { description: account.plan[0], category: 'Plan', amount: account.plan[1] },
    ...usageLines,
    ...(account.oneTime ? [{ description: account.oneTime[0], category: 'OneTime', amount: account.oneTime[1] }] : []),
  ];
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const taxes = TAXES[`${account.address[5]}-${account.address[3]}`].map((tax) => ({
    name: french && tax.nameFr ? tax.nameFr : tax.name,
    rate: String(tax.rate / 1000),
    amount: Math.round((subtotal * tax.rate) / 100_000),
  }));
  const total = subtotal + taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return {
    accountExternalId: externalIdOf(prefix, account),
    number: `${prefix}-${period.tag}-${account.key}`,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    issueDate: period.issueDate,
    dueDate: period.dueDate,
    currency: account.currency,
    lines: lines.map((line) => ({ ...line, amount: money(line.amount) })),
    taxes: taxes.map((tax) => ({ ...tax, amount: money(tax.amount) })),
    total: money(total),
  };
};

// ── Talking to the portal ───────────────────────────────────────────────────────────────────

/**
 * Credentials from `npm run api-client -- create` (the command line a new installation's first client comes
 * from); null with its error when it failed, e.g. beside a running portal on the embedded database.
 */
const createClientByCommandLine = (prefix) => {
  const result = spawnSync('npm', ['run', '--silent', 'api-client', '--', 'create', '--name', `Demo billing system (${prefix})`, '--scopes', SCOPES], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) return { failed: (result.stderr || result.error?.message || '').trim() };
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  return { credentials: JSON.parse(line) };
};

/** An Admin signs in and creates the client on the Admin API (`POST /a/v1/ApiClients`), as the Admin screen "API clients" does. */
const createClientAsAdmin = async (base, prefix, admin) => {
  const login = await reach(`${base}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  if (!login.ok) throw new DemoError(`POST /a/v1/Authenticate answered ${await describeFailure(login)}`);
  const session = await login.json();
  if (!session.successful) throw new DemoError(`the Admin ${admin.username} could not sign in: ${session.error}`);
  const created = await reach(`${base}/a/v1/ApiClients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: `Demo billing system (${prefix})`, scopes: SCOPES.split(',') }),
  });
  if (!created.ok) throw new DemoError(`POST /a/v1/ApiClients as ${admin.username} answered ${await describeFailure(created)}`);
  const answer = await created.json();
  return { clientId: answer.client.clientId, clientSecret: answer.clientSecret };
};

/** The run's client: by the command line, else through the Admin API, else a message saying what to pass. */
const createClient = async (base, prefix, admin) => {
  const byCommandLine = createClientByCommandLine(prefix);
  if (byCommandLine.credentials) return { credentials: byCommandLine.credentials, how: 'npm run api-client' };
  try {
    return { credentials: await createClientAsAdmin(base, prefix, admin), how: `the Admin API as ${admin.username}` };
  } catch (error) {
    if (!(error instanceof DemoError)) throw error;
    throw new DemoError(
      `npm run api-client failed: ${byCommandLine.failed}\n` +
        `Creating the client through the Admin API failed too: ${error.message}\n` +
        'On the embedded database the command line needs the portal stopped. Either pass an Admin with --admin-username and ' +
        '--admin-password (the demo data has admin), or create a client on the Admin screen "API clients" (or with ' +
        '`npm run api-client` while the portal is stopped) and pass --client-id and --client-secret.',
    );
  }
};

/** fetch, saying which portal could not be reached rather than "fetch failed". */
const reach = async (where, init) => {
  try {
    return await fetch(where, init);
  } catch (error) {
    throw new DemoError(`cannot reach ${new URL(where).origin}: ${error.cause?.message ?? error.message}`);
  }
};

const describeFailure = async (response) => {
  const text = await response.text();
  return text ? `${response.status} ${text}` : String(response.status);
};

const portal = (base) => {
  let token = '';
  /** A JSON body, or `{ bytes, headers }` as they are to be sent. */
  const call = async (method, where, body) => {
    const sent = body?.bytes ? body : { bytes: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    const response = await reach(`${base}${where}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...sent.headers },
      body: sent.bytes,
    });
    if (!response.ok) throw new DemoError(`${method} ${where} answered ${await describeFailure(response)}`);
    return { status: response.status, body: await response.json() };
  };
  return {
    call,
    signIn: async ({ clientId, clientSecret }) => {
      const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
      const response = await reach(`${base}/a/v1/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
      });
      if (!response.ok) throw new DemoError(`POST /a/v1/oauth/token answered ${await describeFailure(response)}`);
      const answer = await response.json();
      token = answer.access_token;
      return answer;
    },
  };
};

const previousMonth = (now) => {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
};

const options = () => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      prefix: { type: 'string', default: 'DEMO' },
      month: { type: 'string', default: previousMonth(new Date()) },
      'client-id': { type: 'string', default: process.env.PORTAL_CLIENT_ID },
      'client-secret': { type: 'string', default: process.env.PORTAL_CLIENT_SECRET },
      'admin-username': { type: 'string', default: process.env.PORTAL_ADMIN_USERNAME ?? DEMO_ADMIN.username },
      'admin-password': { type: 'string', default: process.env.PORTAL_ADMIN_PASSWORD ?? DEMO_ADMIN.password },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  // Long enough to tell runs apart, short enough for invoice numbers (40 characters) and ids (64).
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/.test(values.prefix)) throw new DemoError(`--prefix must be 1 to 20 letters, digits or dashes\n${USAGE}`);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) throw new DemoError(`--month must be YYYY-MM\n${USAGE}`);
  if (values.month > previousMonth(new Date())) throw new DemoError(`--month must be a month already over: its invoices are issued the day after it ends`);
  if (Boolean(values['client-id']) !== Boolean(values['client-secret'])) throw new DemoError(`--client-id and --client-secret go together\n${USAGE}`);
  return { ...values, url: values.url.replace(/\/+$/, '') };
};

const say = (line) => process.stdout.write(`${line}\n`);
const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const main = async () => {
  const { url, prefix, month, 'client-id': clientId, 'client-secret': clientSecret, 'admin-username': username, 'admin-password': password } = options();
  const period = billingMonth(month);
  const api = portal(url);

  const made = clientId ? null : await createClient(url, prefix, { username, password });
  const credentials = made ? made.credentials : { clientId, clientSecret };
  say(`client    ${credentials.clientId}${made ? ` created by ${made.how}` : ''}`);
  const token = await api.signIn(credentials);
  say(`token     ${token.scope}, ${token.expires_in} s`);

  const byKey = new Map(ACCOUNTS.map((account) => [account.key, account]));
  const created = { accounts: 0 };
  for (const account of ACCOUNTS) {
    const id = externalIdOf(prefix, account);
    const { status } = await api.call('PUT', `/p/v1/accounts/${encodeURIComponent(id)}`, accountBody(prefix, account));
    if (status === 201) created.accounts += 1;
    const under = account.parent ? `, under ${externalIdOf(prefix, byKey.get(account.parent))}` : '';
    say(`account   ${id} ${status === 201 ? 'created' : 'up to date'}: ${account.name} (${account.language}, ${account.currency}${under})`);
  }

  for (const account of ACCOUNTS) {
    const body = invitationBody(prefix, account);
    const { body: invitation } = await api.call('POST', `/p/v1/accounts/${encodeURIComponent(externalIdOf(prefix, account))}/invitations`, body);
    say(`invite    ${body.email} to ${externalIdOf(prefix, account)}: ${invitation.status}`);
  }

  const records = new Map(ACCOUNTS.map((account) => [account.key, usageRecords(prefix, period, account)]));
  const invoices = new Map();
  for (const account of ACCOUNTS) {
    const id = invoiceIdOf(prefix, period, account);
    const body = invoiceBody(prefix, period, account, records.get(account.key));
    invoices.set(account.key, { id, body });
    const { status } = await api.call('PUT', `/p/v1/invoices/${encodeURIComponent(id)}`, body);
    say(`invoice   ${body.number} ${status === 201 ? 'posted' : 'already posted'}: ${body.currency} ${body.total} (${count(body.lines.length, 'line', 'lines')}, ${count(body.taxes.length, 'tax', 'taxes')})`);
  }

  const all = ACCOUNTS.flatMap((account) => records.get(account.key));
  const batchId = `${prefix}-USAGE-${period.tag}`;
  // One NDJSON line a record, gzipped as a billing system sends a large batch.
  const ndjson = gzipSync(all.map((record) => `${JSON.stringify(record)}\n`).join(''));
  const { body: loaded } = await api.call('POST', `/p/v1/usage/batches/${encodeURIComponent(batchId)}`, {
    bytes: ndjson,
    headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
  });
  say(`usage     batch ${batchId}: ${all.length} records (${Math.ceil(ndjson.length / 1024)} KB gzipped), ${loaded.loaded} loaded, ${loaded.duplicates} duplicates`);

  // The first account pays its invoice by bank transfer; the French one gets a goodwill credit.
  const payer = ACCOUNTS[0];
  const paid = invoices.get(payer.key).body;
  const payment = {
    externalId: `${prefix}-PAY-${period.tag}-${payer.key}`,
    accountExternalId: externalIdOf(prefix, payer),
    amount: paid.total,
    currency: paid.currency,
    // Fixed, so that a re-run sends the same body; in the past for any finished month.
    receivedAt: `${period.issueDate}T00:00:00.000Z`,
    method: 'bank_transfer',
    reference: `EFT ${period.tag}-${payer.key}`,
  };
  const { body: recorded } = await api.call('POST', '/p/v1/payments', payment);
  say(`payment   ${payment.externalId}: bank transfer of ${payment.currency} ${payment.amount} from ${payment.accountExternalId}, receipt ${recorded.receiptNumber}`);

  const credited = ACCOUNTS.find((account) => account.language === 'French');
  const credit = {
    externalId: `${prefix}-CR-${period.tag}-${credited.key}`,
    accountExternalId: externalIdOf(prefix, credited),
    invoiceExternalId: invoices.get(credited.key).id,
    amount: '10.00',
    reason: 'Crédit de courtoisie\u202f: interruption de service',
  };
  await api.call('POST', '/p/v1/credits', credit);
  say(`credit    ${credit.externalId}: ${credited.currency} ${credit.amount} on ${credit.invoiceExternalId}`);

  say(
    `Done: ${ACCOUNTS.length} accounts (${created.accounts} created), ${ACCOUNTS.length} invitations, ${invoices.size} invoices, ` +
      `${all.length} usage records (${loaded.loaded} loaded), 1 bank transfer, 1 credit, at ${url}.`,
  );
};

main().catch((error) => {
  process.stderr.write(`demo:provider: ${error instanceof DemoError ? error.message : (error?.stack ?? String(error))}\n`);
  process.exit(1);
});
