/** The provider API's event feed (`GET /p/v1/events`), for providers that pull rather than receive webhooks. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { readEventFeed } from './service';

export const eventRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  route(app, endpoints.providerEvents, async (request) => readEventFeed(deps.db, request.query));
};
