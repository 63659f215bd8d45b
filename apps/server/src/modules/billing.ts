import type { FastifyPluginAsync } from 'fastify';

/**
 * The billing service of spec §7, under /b. Each module registers its own routes; routes that need
 * a session add `onRequest: app.requireCaller`.
 */
export const billingModule: FastifyPluginAsync = async (_app) => {};
