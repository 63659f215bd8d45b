/**
 * Registers a route from its row of the contract's endpoint table: method, path, access hooks,
 * schemas and OpenAPI description all come from the row, so a route cannot differ from the
 * contract the web client calls.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorResponseSchema, type AnswerOf, type Endpoint, type ValidatedRequestOf } from '@portal/contract';
import { assertAdmin, assertStaff, callerOf } from '../lib/caller';
import { assertAccountOpen } from '../lib/closed-account';
import { assertClientScope, clientOf } from './client-caller';
import { routePath } from './route-path';
import { chooseReadReplica, countRead, readAgainOnPrimary, rememberWrite } from './read-routing';

export { routePath };

/** The request a handler of the row gets: params, query and body as its schemas decoded them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest & ValidatedRequestOf<E>;

/** A JSON endpoint's handler returns its answer; others answer through `reply` and return it. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['answer'] extends { kind: 'json' } ? AnswerOf<E> | FastifyReply : FastifyReply | void>;

/**
 * Route options a row does not decide (e.g. a larger body limit), and for a row marked `refusedWhenClosed`
 * the account its request writes to (undefined when the object it names is unknown), which the shared
 * guard checks is open before the handler runs.
 */
export type RouteExtras<E extends Endpoint = Endpoint> = Pick<RouteOptions, 'bodyLimit'> & {
  accountOf?: (request: EndpointRequest<E>) => bigint | undefined | Promise<bigint | undefined>;
};

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

// Every signed-in endpoint documents the bearer requirement; public ones override it with none.
const PUBLIC_SECURITY: { [name: string]: string[] }[] = [];
/** The OpenAPI security scheme of provider API rows (openapi.ts defines it). */
export const CLIENT_SECURITY_SCHEME = 'clientCredentials';

/** Registers a row that is not cached; a cached row goes through `cachedRoute` (http/ledger-cache.ts). */
export const route = <E extends Endpoint>(app: FastifyInstance, row: E, handler: EndpointHandler<E>, extras: RouteExtras<E> = {}): void => {
  if (row.cached) throw new Error(`${row.method} ${row.path} is cached: register it with cachedRoute`);
  registerEndpoint(app, row, handler, extras);
};

/** Registers any row as it is: `route` for uncached rows, `cachedRoute` for the cached ones. */
export const registerEndpoint = <E extends Endpoint>(
  app: FastifyInstance,
  row: E,
  handler: EndpointHandler<E>,
  { accountOf, ...extras }: RouteExtras<E> = {},
): void => {
  const { refusedWhenClosed } = row;
  if (refusedWhenClosed && !accountOf) throw new Error(`${row.method} ${row.path} is refused on a closed account: register it with accountOf`);
  const response: Record<number, unknown> = Object.fromEntries(row.errors.map((status) => [status, row.errorBody ?? ErrorResponseSchema]));
  if (row.answer.kind === 'json') {
    response[row.answer.status ?? 200] = row.answer.schema;
    if (row.creates) response[201] = row.answer.schema;
  }
  if (row.reads === 'replica' && row.method !== 'GET') throw new Error(`${row.method} ${row.path} writes: it cannot read from a replica`);
  const { scope } = row;
  const accessCheck =
    row.access === 'admin'
      ? (request: FastifyRequest) => assertAdmin(callerOf(request))
      : row.access === 'staff'
        ? (request: FastifyRequest) => assertStaff(callerOf(request))
        : row.access === 'client' && scope
          ? (request: FastifyRequest) => assertClientScope(clientOf(request), scope)
          : null;
  app.route({
    ...extras,
    method: row.method,
    url: routePath(row.path),
    // A session or client token (401) and, where the row asks, the role or scope (403) are checked before the input is.
    onRequest: row.access === 'public' ? [] : [row.access === 'client' ? app.requireClient : app.requireCaller],
    // What a signed-in person is answered is theirs alone: never kept by a browser or proxy. A write's
    // position is recorded before its answer leaves, so the author's next read, on any instance, sees it.
    onSend: [
      ...(row.access === 'public' ? [] : [noStore]),
      ...(row.method !== 'GET' && row.access !== 'public' ? [async (request: FastifyRequest) => rememberWrite(app, request)] : []),
    ],
    onResponse: row.reads === 'replica' ? [countRead] : [],
    preValidation: accessCheck ? [async (request: FastifyRequest) => accessCheck(request)] : [],
    // After validation, so the account is read from the decoded input.
    preHandler: [
      ...(refusedWhenClosed && accountOf
        ? [
            async (request: FastifyRequest) =>
              assertAccountOpen(app.db, callerOf(request), await accountOf(request as EndpointRequest<E>), refusedWhenClosed),
          ]
        : []),
      // A cached row chooses only when its answer is read afresh (http/ledger-cache.ts).
      ...(row.reads === 'replica' && !row.cached ? [async (request: FastifyRequest) => chooseReadReplica(app, request)] : []),
    ],
    schema: {
      tags: [row.tag],
      summary: row.summary,
      ...(row.description ? { description: row.description } : {}),
      ...(row.hidden ? { hide: true } : {}),
      ...(row.access === 'public' ? { security: PUBLIC_SECURITY } : {}),
      ...(row.access === 'client' ? { security: [{ [CLIENT_SECURITY_SCHEME]: scope ? [scope] : [] }] } : {}),
      ...(row.params ? { params: row.params } : {}),
      ...(row.query ? { querystring: row.query } : {}),
      ...(row.body ? { body: row.body } : {}),
      response,
    },
    handler: (row.reads === 'replica' ? readingAgainOnPrimary(app, handler) : handler) as unknown as RouteOptions['handler'],
  });
};

const readingAgainOnPrimary =
  <E extends Endpoint>(app: FastifyInstance, handler: EndpointHandler<E>): EndpointHandler<E> =>
  async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (!readAgainOnPrimary(app, request, reply.sent, error)) throw error;
      return handler(request, reply);
    }
  };
