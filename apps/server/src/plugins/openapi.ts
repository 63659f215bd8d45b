import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import { route } from '../http/route';

/** One OpenAPI 3.1 document built from the route schemas, served per service. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Billing portal', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({
      skipList: [endpoints.authOpenApi.path, endpoints.billingOpenApi.path],
      zodToJsonConfig: {
        override: (ctx) => {
          // 64-bit ids are bigint in code and integers on the wire.
          if (ctx.zodSchema._zod.def.type === 'bigint') Object.assign(ctx.jsonSchema, { type: 'integer', format: 'int64' });
        },
      },
    }),
  });
  // One document per service: its own paths only.
  for (const row of [endpoints.authOpenApi, endpoints.billingOpenApi]) {
    const prefix = row.path.slice(0, row.path.indexOf('/', 1) + 1);
    route(app, row, async () => {
      const document = app.swagger() as { openapi: string; paths?: Record<string, unknown> };
      const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith(prefix)));
      return { ...document, paths };
    });
  }
});
