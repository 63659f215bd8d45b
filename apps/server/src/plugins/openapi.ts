import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

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
      skipList: ['/a/openapi.json', '/b/openapi.json'],
      zodToJsonConfig: {
        override: (ctx) => {
          // 64-bit ids are bigint in code and integers on the wire.
          if (ctx.zodSchema._zod.def.type === 'bigint') Object.assign(ctx.jsonSchema, { type: 'integer', format: 'int64' });
        },
      },
    }),
  });
  for (const prefix of ['/a', '/b']) {
    app.get(`${prefix}/openapi.json`, { schema: { hide: true } }, async () => {
      const document = app.swagger() as { paths?: Record<string, unknown> };
      const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith(`${prefix}/`)));
      return { ...document, paths };
    });
  }
});
