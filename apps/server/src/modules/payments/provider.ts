/** The provider API's payments and credits (`/p/v1/payments`, `/p/v1/credits`), beside the customer's Payment/* calls. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { clientOf } from '../../http/client-caller';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { issueCredit, recordOfflinePayment } from './offline';

export const providerPaymentRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  route(app, endpoints.providerPayment, async (request) => recordOfflinePayment(deps, clientOf(request), request.body));
  route(app, endpoints.providerCredit, async (request) => issueCredit(deps, clientOf(request), request.body));
};
