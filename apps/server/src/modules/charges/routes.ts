/** Charge/items. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { presentCharge } from './presenter';
import { listVisibleCharges } from './repository';

export const chargeRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.charges, async (request) => {
    const page = await listVisibleCharges(app.db, callerOf(request), request.query);
    return { value: page.rows.map(presentCharge), ...(page.count === undefined ? {} : { count: page.count }) };
  });
};
