#!/usr/bin/env node
// Which encoder the API should compress answers with: CPU time per KB saved for gzip and
// low-quality Brotli on real answers of the demo server (OpenAPI documents, an invoice list, a
// statement, a CDR export). Prints a table; chooses nothing itself (see bench/README.md).
//
//   node bench/compression.mjs
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { report, root, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = 3302;
const origin = `http://127.0.0.1:${PORT}`;
/** Enough repetitions that each measurement runs about a second on this machine. */
const TARGET_MS = 1000;

const encoders = {
  'gzip 1': (b) => gzipSync(b, { level: 1 }),
  'gzip 4': (b) => gzipSync(b, { level: 4 }),
  'gzip 6': (b) => gzipSync(b, { level: 6 }),
  'br 1': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  'br 3': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }),
  'br 4': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  'br 5': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
};

/** CPU milliseconds (user + system) of one compression, averaged over about TARGET_MS of work. */
const cpuMsPerRun = (encode, payload) => {
  encode(payload);
  let runs = 0;
  const wall = Date.now();
  const cpu = process.cpuUsage();
  while (Date.now() - wall < TARGET_MS) {
    encode(payload);
    runs++;
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / runs;
};

const server = startProcess('node', ['scripts/e2e-server.mjs'], {
  env: { E2E_PORT: String(PORT), E2E_DATA_DIR: `${root}/bench/results/compression-data`, E2E_LOG_LEVEL: 'warn' },
});
try {
  await waitFor(`${origin}/readyz`);
  const login = await fetch(`${origin}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' }),
  }).then((r) => r.json());
  // Identity: the raw answers, whatever this server does with Accept-Encoding.
  const headers = { authorization: `Bearer ${login.token}`, 'accept-encoding': 'identity' };
  const get = async (path) => {
    const res = await fetch(new URL(path, origin), { headers });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const [account] = JSON.parse((await get('/b/v1/Account/names')).toString()).value;
  const accountId = account.accountId;
  const filter = encodeURIComponent(`AccountId==${accountId}`);
  const invoiceList = await get(`/b/v1/Invoice/items?dnfilter=${filter}&orderby=${encodeURIComponent('EndDate desc')}&skip=0&take=50&count=true`);
  const firstInvoice = JSON.parse(invoiceList.toString()).value[0].id;
  const urls = JSON.parse((await get(`/b/v1/Billing/InvoiceURLs/${firstInvoice}`)).toString()).urls;
  const payloads = {
    'OpenAPI /b': await get('/b/openapi.json'),
    'OpenAPI /a': await get('/a/openapi.json'),
    'invoice list (50)': invoiceList,
    statement: await get(`/b/v1/Account/${accountId}/2020-01-01/2030-12-31`),
    'CDR CSV': await get(urls.find((u) => u.name === 'CDRs').url),
  };

  const results = {};
  for (const [name, payload] of Object.entries(payloads)) {
    for (const [encoder, encode] of Object.entries(encoders)) {
      const size = encode(payload).length;
      const cpuMs = cpuMsPerRun(encode, payload);
      const savedKB = (payload.length - size) / 1024;
      results[`${name} · ${encoder}`] = {
        rawBytes: payload.length,
        bytes: size,
        ratio: +(size / payload.length).toFixed(3),
        cpuMs: +cpuMs.toFixed(3),
        usPerKBSaved: +((cpuMs * 1000) / savedKB).toFixed(1),
      };
    }
  }
  console.table(results);
  report('compression', results, []);
} finally {
  await stopProcess(server);
}
