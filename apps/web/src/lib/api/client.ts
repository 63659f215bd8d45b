import { buildSoon, parseJson, pathFor, stringifyJson, type AnswerOf, type Endpoint, type RequestOf } from '@portal/contract';
import { serviceUrl } from '@/config/services';
import { i18n } from '../i18n/translate';
import { noteActivity } from '../session/activity';
import { endSession, getSession } from '../session/session-store';
import { setSignOutReason } from '../session/sign-out-reason';
import { handleUnauthorized } from './unauthorized';

/**
 * The one way the portal talks to the auth service and the billing service: by a row of the
 * contract's endpoint table, never by a path string.
 * - the row's path, its parameters filled in (a missing one throws the contract's `RequiredParameterError`
 *   before any request), on its service's base (`config/services.ts`);
 * - sends `Authorization: Bearer <token>` whenever a session exists;
 * - writes JSON with `stringifyJson` and reads it with `parseJson`, so 64-bit ids survive (they are `bigint`
 *   after the contract schema has parsed them);
 * - parses every JSON answer with the row's answer schema, so screens only see typed data (the schema is built
 *   while the request is on its way);
 * - notes each request as session activity (the idle warning counts from it);
 * - any 401 ends the session in both stores and sends the browser to /login, which then shows the service's
 *   reason (e.g. ended after a period without activity) when a session was in use; except the step-up
 *   challenge of RFC 9470 (a sensitive change needs the password again), which only throws;
 * - any status other than 200/204 throws an `ApiError` ("An unexpected server error occurred.") that carries
 *   status, body, headers and the server's `{error}` text as `serverMessage`.
 */

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected server error occurred.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The parsed JSON body when it was JSON, else the raw text (empty string when there was none). */
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(UNEXPECTED_ERROR_MESSAGE);
  }

  /** The `{ "error": "…" }` text the services send with every failure, when present. */
  get serverMessage(): string | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
    return undefined;
  }

  /** A sensitive change the service refused until the person confirms their password (RFC 9470 step-up). */
  get needsReauthentication(): boolean {
    return this.status === 401 && /\berror="insufficient_user_authentication"/.test(this.headers.get('WWW-Authenticate') ?? '');
  }

  /** The `fields` of a 400: what is wrong with each body field, by its path ("addresses.0.postal"). */
  get fieldMessages(): Record<string, string> {
    const body = this.body;
    if (body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object') {
      return Object.fromEntries(Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
    return {};
  }
}

/** An optional query flag was passed as null ("cannot be null"); leave it undefined to omit it. */
export class NullParameterError extends Error {
  override readonly name = 'NullParameterError';
  constructor(readonly parameter: string) {
    super(`Parameter '${parameter}' cannot be null.`);
  }
}

export type QueryValue = string | number | bigint | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Query string of defined values (`undefined` is omitted, `null` is an error); booleans as true/false. */
export const buildQuery = (query: QueryParams = {}): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (value === null) throw new NullParameterError(key);
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Rows the client calls: those answering JSON or nothing. Public documents and redirects are links (`urlFor`); documents behind the session are `download`ed. */
export type CallableEndpoint = Endpoint & { answer: { kind: 'json' } | { kind: 'empty' } };

export type CallOptions<E extends Endpoint> = RequestOf<E> & {
  /** Extra request headers, e.g. a payment's `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** The options may be left out only when the row has no parameters, query or body. */
type CallArguments<E extends Endpoint> = object extends RequestOf<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

interface LooseRequest {
  params?: Record<string, unknown>;
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The URL of a row with its parameters and query: what `call` requests, and the href of a link to it. */
export const urlFor = (endpoint: Pick<Endpoint, 'path'>, request: Pick<LooseRequest, 'params' | 'query'> = {}): string =>
  `${serviceUrl(pathFor(endpoint, request.params))}${buildQuery(request.query)}`;

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
};

/** Whether a row answers 201 when it creates (`createdAnswer`, or `creates: true`). */
const answersCreated = (endpoint: Endpoint): boolean => endpoint.creates === true || ('status' in endpoint.answer && endpoint.answer.status === 201);

/** Sends a row's request with the session's bearer token; any status but 200/204 (and the 201 of a row that creates) throws (a 401 also ends the session). */
const send = async (endpoint: Endpoint, request: LooseRequest, accept: string): Promise<Response> => {
  const url = urlFor(endpoint, request);
  const headers = new Headers({ ...request.headers, Accept: accept });
  const token = getSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The language shown, not the browser's: the server writes its texts (sign-in errors) in it.
  headers.set('Accept-Language', i18n.language === 'fr' ? 'fr' : 'en');
  let body: string | undefined;
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = stringifyJson(request.body);
  }

  noteActivity(token);
  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    body,
    signal: request.signal,
    credentials: 'same-origin',
  });

  if (response.status !== 200 && response.status !== 204 && !(response.status === 201 && answersCreated(endpoint))) {
    const error = new ApiError(response.status, await readBody(response).catch(() => ''), response.headers);
    if (response.status === 401 && !error.needsReauthentication) {
      if (token && error.serverMessage) setSignOutReason(error.serverMessage);
      endSession();
      handleUnauthorized();
    }
    throw error;
  }
  return response;
};

const call = async <E extends CallableEndpoint>(endpoint: E, ...[options]: CallArguments<E>): Promise<AnswerOf<E>> => {
  const sent = send(endpoint, (options ?? {}) as LooseRequest, 'application/json');
  const answer: CallableEndpoint['answer'] = endpoint.answer;
  // The contract builds its schemas on first use in a browser: this one is built, in short tasks of their own,
  // while the answer is on its way, not in the task that parses and shows it.
  if (answer.kind === 'json') buildSoon(answer.schema);
  const response = await sent;
  if (response.status === 204 || answer.kind !== 'json') return undefined as AnswerOf<E>;
  return answer.schema.parse(await readBody(response)) as AnswerOf<E>;
};

/** Rows answering a file (a receipt PDF, a statement CSV) that need the session: fetched, not linked. */
export type DocumentEndpoint = Endpoint & { answer: { kind: 'document' } };

/** A downloaded file: its bytes and the name the server gave it (`Content-Disposition`), if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The plain file name of a `Content-Disposition: attachment; filename="…"` header. */
export const fileNameOf = (disposition: string | null): string | null => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;

const download = async <E extends DocumentEndpoint>(endpoint: E, ...[options]: CallArguments<E>): Promise<DownloadedFile> => {
  const response = await send(endpoint, (options ?? {}) as LooseRequest, endpoint.answer.contentTypes.join(', '));
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
};

/**
 * `api.call(endpoints.invoiceDetails, { params: { id } })` → the answer, parsed with the row's schema;
 * `api.download(endpoints.paymentReceipt, { params: { paymentId } })` → the file a signed-in call answers.
 */
export const api = { call, download };

/**
 * The message to show for a failed call: the server's own text when it sent one, else the error's message
 * (for an ApiError that is "An unexpected server error occurred.").
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};
