import fp from 'fastify-plugin';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_CLIENT_SCOPES, endpoints } from '@portal/contract';
import { CLIENT_SECURITY_SCHEME, route } from '../http/route';
import type { CompilersFactory } from './json';

type OpenApiDocument = { openapi: string; paths?: Record<string, unknown> };
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

const SERVICES = [endpoints.authOpenApi, endpoints.billingOpenApi, endpoints.providerOpenApi];

/** `/a/openapi.json` → `/a/`: the paths one service's document holds. */
const prefixOf = (path: string) => path.slice(0, path.indexOf('/', 1) + 1);

// The scratch instance only describes routes: nothing is validated or serialized there.
const describeOnly = {
  buildValidator: () => () => () => true,
  buildSerializer: () => () => JSON.stringify,
} as unknown as CompilersFactory;

/**
 * @fastify/swagger (with yaml and a JSON Schema resolver, about 2 MB of every instance's heap) is
 * loaded the first time a document is asked for, in a scratch Fastify instance given the app's routes
 * as they were registered: method, URL and schema, all it reads.
 */
const buildDocument = async (routes: readonly DocumentedRoute[]): Promise<OpenApiDocument> => {
  const [{ default: Fastify }, { default: swagger }] = await Promise.all([import('fastify'), import('@fastify/swagger')]);
  const scratch = Fastify({ schemaController: { compilersFactory: describeOnly } });
  await scratch.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Billing portal', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The provider API's tokens come from the auth service's token endpoint (client credentials).
          [CLIENT_SECURITY_SCHEME]: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: endpoints.oauthToken.path, scopes: Object.fromEntries(API_CLIENT_SCOPES.map((s) => [s, s])) } },
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({
      skipList: SERVICES.map((row) => row.path),
      zodToJsonConfig: {
        override: (ctx) => {
          // 64-bit ids are bigint in code and integers on the wire.
          if (ctx.zodSchema._zod.def.type === 'bigint') Object.assign(ctx.jsonSchema, { type: 'integer', format: 'int64' });
        },
      },
    }),
  });
  const answerNothing = async () => null;
  for (const { method, url, schema } of routes) scratch.route({ method, url, ...(schema ? { schema } : {}), handler: answerNothing });
  await scratch.ready();
  try {
    return scratch.swagger() as OpenApiDocument;
  } finally {
    await scratch.close();
  }
};

/** One OpenAPI 3.1 document built from the route schemas, served per service. */
export const openApiPlugin = fp(async (app) => {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    // HEAD twins of GET routes are not documented; the scratch instance adds its own.
    const methods = [method].flat().filter((m): m is HTTPMethods => m !== 'HEAD');
    if (methods.length > 0) routes.push({ method: methods, url, schema });
  });
  let document: Promise<OpenApiDocument> | undefined;
  for (const row of SERVICES) {
    const prefix = prefixOf(row.path);
    route(app, row, async () => {
      document ??= buildDocument(routes).catch((error: unknown) => {
        document = undefined;
        throw error;
      });
      const whole = await document;
      return { ...whole, paths: Object.fromEntries(Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(prefix))) };
    });
  }
});
