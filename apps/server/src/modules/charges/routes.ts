/** Charge/items of spec §7 under /b. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChargeSchema, ErrorResponseSchema, PagedQuerySchema, pagedSchema, type Charge, type Paged } from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { presentCharge } from './presenter';
import { listVisibleCharges } from './repository';

export const chargeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/Charge/items',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['Charges'],
        summary: 'Charges of posted invoices of the accounts the caller may see: dnfilter, orderby, skip/take, count',
        querystring: PagedQuerySchema,
        response: { 200: pagedSchema(ChargeSchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request): Promise<Paged<Charge>> => {
      const page = await listVisibleCharges(app.db, callerOf(request), request.query);
      return { value: page.rows.map(presentCharge), ...(page.count === undefined ? {} : { count: page.count }) };
    },
  );
};
