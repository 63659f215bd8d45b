import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';
import { endpoints } from '@portal/contract';
import { routePath } from '../http/route-path';

/**
 * Buffered answers smaller than this go as they are: the bytes saved do not pay for the work.
 * Streams (CSV exports) are compressed whatever their length, which is unknown when they start.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality 1, preferred: of gzip 1/4/6 and Brotli 1/3/4/5 it costs the least CPU per byte
 * saved on every answer measured (OpenAPI documents, invoice list, statement, CDR CSV); its output
 * is smaller than gzip 1's on JSON and within 15 % of gzip 6's, and Brotli 3–5 save 10–25 % more
 * bytes for 2–4× the CPU (bench/compression.mjs, figures in bench/README.md).
 */
export const API_BROTLI_QUALITY = 1;
/** gzip for clients without Brotli: level 1 is likewise the cheapest per byte saved. */
export const API_GZIP_LEVEL = 1;

/** The encodings the API answers in, preferred first (zstd, which Node 22 would add, is not measured). */
const API_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof API_ENCODINGS)[number];

/** The encoding an answer of `length` characters goes in for this `Accept-Encoding`, as the plugin below chooses it. */
export const answerEncoding = (acceptEncoding: string | undefined, length: number): AnswerEncoding | undefined =>
  acceptEncoding && length >= COMPRESSION_THRESHOLD_BYTES ? ((negotiate(acceptEncoding, [...API_ENCODINGS]) as AnswerEncoding | null) ?? undefined) : undefined;

/**
 * An answer compressed as the plugin below compresses it: for answers kept and sent many times. Copied
 * into memory of its own size: zlib's sync calls answer a view of their 16 KB output chunk, which a kept
 * answer of a few hundred bytes would otherwise hold whole (kept answers took 4–5× the memory counted).
 */
export const compressAnswer = (answer: string, encoding: AnswerEncoding): Buffer => {
  const view =
    encoding === 'br'
      ? brotliCompressSync(answer, { params: { [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } })
      : gzipSync(answer, { level: API_GZIP_LEVEL });
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
};

/** A JSON answer encoded once, and compressed once per encoding a client asks for, to be sent many times. */
export interface EncodedAnswer {
  json: string;
  compressed: Partial<Record<AnswerEncoding, Buffer>>;
}

/**
 * Sends an encoded answer as it is or compressed for the request's `Accept-Encoding`; `grew` is told
 * when a new encoding was added to it (to count the bytes of a kept answer again).
 */
export const sendEncodedAnswer = (request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer, grew: () => void): FastifyReply => {
  // Already JSON: Fastify sends a string or buffer with a JSON type as it is, and @fastify/compress
  // leaves an answer that has a Content-Encoding alone.
  reply.type('application/json; charset=utf-8');
  const encoding = answerEncoding(request.headers['accept-encoding'], answer.json.length);
  if (!encoding) return reply.send(answer.json);
  let bytes = answer.compressed[encoding];
  if (!bytes) {
    bytes = answer.compressed[encoding] = compressAnswer(answer.json, encoding);
    grew();
  }
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(bytes);
};

const API_PATH = /^\/(a|b)\//;

/**
 * Answers that carry a credential (session and one-time login tokens) stay uncompressed: the length
 * of a compressed answer that also echoes what the caller sent can reveal the secret (BREACH).
 */
const CREDENTIAL_ROUTES = new Set(
  [endpoints.authenticate, endpoints.oneTimeLogin, endpoints.passkeyLogin, endpoints.issueOneTimeLogin].map((row) => `${row.method} ${routePath(row.path)}`),
);

const carriesCredential = (methods: string | string[], url: string) =>
  [methods].flat().some((method) => CREDENTIAL_ROUTES.has(`${method} ${url}`));

/**
 * Compresses API answers above the threshold (JSON, streamed CSV exports) for clients that accept
 * Brotli or gzip. Web assets are never compressed per request: the build writes them compressed and
 * `web-app.ts` serves those files. Register before any route it should apply to.
 */
export const compressionPlugin = fp(async (app) => {
  // Runs before @fastify/compress's own onRoute hook (added next), which reads `compress`.
  app.addHook('onRoute', (route) => {
    if (route.compress !== undefined) return;
    if (!API_PATH.test(route.url) || carriesCredential(route.method, route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...API_ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    zlibOptions: { level: API_GZIP_LEVEL },
    // Request bodies are small JSON and forms: nothing to gain from accepting compressed ones.
    globalDecompression: false,
  });
});
