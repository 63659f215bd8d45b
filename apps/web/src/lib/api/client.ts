import { parseJson, stringifyJson } from '@portal/contract';
import type { z } from 'zod';
import { endSession, getSession } from '../session/session-store';
import { handleUnauthorized } from './unauthorized';

/**
 * The one way the portal talks to the auth service (`/a`) and the billing service (`/b`), both on this origin
 * (spec §7, §8):
 * - sends `Authorization: Bearer <token>` whenever a session exists;
 * - writes JSON with `stringifyJson` and reads it with `parseJson`, so 64-bit ids survive (they are `bigint`
 *   after the contract schema has parsed them);
 * - validates every answer with the contract schema the caller passes, so screens only see typed data;
 * - any 401 ends the session in both stores and sends the browser to /login;
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
}

/** A required path or query parameter was null/undefined: a programming error, raised before any request. */
export class RequiredParameterError extends Error {
  override readonly name = 'RequiredParameterError';
  constructor(readonly parameter: string) {
    super(`Required parameter '${parameter}' must be defined.`);
  }
}

/** An optional query flag was passed as null (spec §8: "cannot be null"); leave it undefined to omit it. */
export class NullParameterError extends Error {
  override readonly name = 'NullParameterError';
  constructor(readonly parameter: string) {
    super(`Parameter '${parameter}' cannot be null.`);
  }
}

export type PathParams = Record<string, string | number | bigint | null | undefined>;
export type QueryValue = string | number | bigint | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/**
 * Fills `{name}` placeholders of a path template, URL-encoding each value.
 * `buildPath('/v1/Invoice/details/{id}', { id: 7n })` → `/v1/Invoice/details/7`.
 */
export const buildPath = (template: string, params: PathParams = {}): string =>
  template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new RequiredParameterError(name);
    return encodeURIComponent(String(value));
  });

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

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path template after the service prefix, e.g. `/v1/Account/details/{accountId}`. */
  path: string;
  params?: PathParams;
  query?: QueryParams;
  /** Serialised with `stringifyJson` (bigint ids become JSON integers). */
  body?: unknown;
  /** Contract schema of a 200 answer; omit it for calls whose answer is not read. */
  schema?: S;
  /** Extra request headers, e.g. a payment's `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodType ? z.output<S> : undefined;

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
};

const request = async <S extends z.ZodType | undefined>(prefix: '/a' | '/b', options: RequestOptions<S>): Promise<Result<S>> => {
  const url = `${prefix}${buildPath(options.path, options.params)}${buildQuery(options.query)}`;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = getSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = stringifyJson(options.body);
  }

  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });

  if (response.status === 401) {
    endSession();
    handleUnauthorized();
  }
  if (response.status !== 200 && response.status !== 204) {
    throw new ApiError(response.status, await readBody(response).catch(() => ''), response.headers);
  }
  if (response.status === 204 || !options.schema) return undefined as Result<S>;
  const data = await readBody(response);
  return options.schema.parse(data) as Result<S>;
};

/** Client of one service; `path` is relative to the service prefix. */
export interface ServiceClient {
  request<S extends z.ZodType | undefined = undefined>(options: RequestOptions<S>): Promise<Result<S>>;
}

const serviceClient = (prefix: '/a' | '/b'): ServiceClient => ({
  request: (options) => request(prefix, options),
});

/** Auth service: `/a/v1/...` (login, passwords, users). */
export const authApi = serviceClient('/a');
/** Billing service: `/b/v1/...` (accounts, invoices, payments). */
export const billingApi = serviceClient('/b');

/**
 * The message to show for a failed call: the server's own text when it sent one, else the error's message
 * (for an ApiError that is "An unexpected server error occurred.").
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};
