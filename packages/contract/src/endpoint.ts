import type { z } from 'zod';
import type { ApiClientScope } from './api-clients';

/**
 * Who may call an endpoint: anyone, any signed-in person, Staff or Admin, Admin only, or (on the
 * provider API) an API client's token.
 */
export type Access = 'public' | 'signedIn' | 'staff' | 'admin' | 'client';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Statuses an endpoint may answer with `{ error }`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 415 | 422 | 429 | 503;

/** What a successful call answers. */
export type Answer =
  /** 200 (or 201 when it says so) with a JSON body of this shape (encoded through it: unknown fields are stripped). */
  | { kind: 'json'; schema: z.ZodType; status?: 201 }
  /** 204, no body. */
  | { kind: 'empty' }
  /** A browser redirect (302/303) to another page. */
  | { kind: 'redirect' }
  /** A document or page that is not JSON (PDF, CSV stream, HTML, CSS). */
  | { kind: 'document'; contentTypes: readonly string[] };

export interface Endpoint {
  /** The call's name as the spec writes it after `/v1/` (e.g. `Invoice/details`). */
  name: string;
  method: HttpMethod;
  /** The full path, parameters in braces: `/b/v1/Invoice/details/{id}`; RFC 8414 metadata under `/.well-known`. */
  path: `/a/${string}` | `/b/${string}` | `/p/${string}` | `/.well-known/${string}`;
  access: Access;
  /** On `client` rows: the scope the client's token must carry (none: any client may call). */
  scope?: ApiClientScope;
  /** OpenAPI grouping and description. */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: Answer;
  errors: readonly ErrorStatus[];
  /** The shape of its error answers when not `{ error }` (the OAuth token endpoint answers RFC 6749 §5.2). */
  errorBody?: z.ZodType;
  /** Left out of the OpenAPI documents (pages of the sandbox card provider). */
  hidden?: boolean;
  /**
   * The server caches the answer while the ledger version of the account it shows is unchanged: any
   * write to what it shows must move that version (the database's triggers do), and needs nothing more.
   */
  cached?: 'whileLedgerUnchanged';
  /** A write that may create what it addresses: it answers 201 with the same shape when it did. */
  creates?: boolean;
  /**
   * A customer's write on one account: once the account is closed it answers 409 "This account is closed."
   * (docs/decisions/0016-closing-an-account.md), to everyone, or to customers only where Staff must still act.
   */
  refusedWhenClosed?: 'everyone' | 'customers';
  /**
   * A read the server may serve from a streaming replica (lists, details, documents, exports, usage) when
   * one has replayed past the caller's own last write (docs/decisions/0029-reads-from-replicas.md).
   */
  reads?: 'replica';
}

/** One row of the endpoint table; `const` keeps every schema's exact type for both sides. */
export const endpoint = <const E extends Endpoint>(row: E): E => row;

export const jsonAnswer = <S extends z.ZodType>(schema: S) => ({ kind: 'json', schema }) as const;
/** 201 with a JSON body: the call created what it answers. */
export const createdAnswer = <S extends z.ZodType>(schema: S) => ({ kind: 'json', schema, status: 201 }) as const;
export const emptyAnswer = { kind: 'empty' } as const;
export const redirectAnswer = { kind: 'redirect' } as const;
export const documentAnswer = <const T extends readonly string[]>(...contentTypes: T) => ({ kind: 'document', contentTypes }) as const;

/** The service an endpoint belongs to, from its path: `/a` (and its issuer metadata) auth, `/b` billing, `/p` the provider API. */
export const serviceOf = (row: Pick<Endpoint, 'path'>): 'auth' | 'billing' | 'provider' =>
  row.path.startsWith('/a/') || row.path.startsWith('/.well-known/') ? 'auth' : row.path.startsWith('/p/') ? 'provider' : 'billing';

/** A path parameter was missing ("the parameter must be defined"). */
export class RequiredParameterError extends Error {
  constructor(readonly parameter: string) {
    super(`Required parameter '${parameter}' must be defined.`);
    this.name = 'RequiredParameterError';
  }
}

/** The endpoint's path with its `{name}` parameters filled in and encoded. */
export const pathFor = (row: Pick<Endpoint, 'path'>, params: Record<string, unknown> = {}): string =>
  row.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new RequiredParameterError(name);
    return encodeURIComponent(String(value));
  });

/** Path parameters of a row, in order. */
export const pathParameters = (row: Pick<Endpoint, 'path'>): string[] => [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the schemas' input types (ids as numbers, strings or bigints). */
export type RequestOf<E extends Endpoint> = {
  [K in 'params' | 'query' | 'body' as E[K] extends z.ZodType ? K : never]: Input<E[K]>;
};
/** What the server works with once a request is validated. */
export type ValidatedRequestOf<E extends Endpoint> = { params: Output<E['params']>; query: Output<E['query']>; body: Output<E['body']> };
/** The decoded answer of a JSON endpoint (what the web client gets, what a handler returns). */
export type AnswerOf<E extends Endpoint> = E['answer'] extends { kind: 'json'; schema: infer S } ? z.output<S> : undefined;
