/** The provider API's view of accounts (`/p/v1/accounts/…`): addressed by the provider's external id. */
import type { FastifyInstance } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { endpoints, type ProviderAccount } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts } from '../../db/schema';
import { notFound } from '../../errors';
import { route } from '../../http/route';

const parent = alias(accounts, 'parent');

export const getProviderAccount = async (db: PortalDb, externalId: string): Promise<ProviderAccount> => {
  const [row] = await db
    .select({ account: accounts, parentExternalId: parent.externalId })
    .from(accounts)
    .leftJoin(parent, eq(parent.id, accounts.parentId))
    .where(eq(accounts.externalId, externalId));
  if (!row) throw notFound('The account');
  const { account } = row;
  return {
    externalId,
    name: account.name,
    type: account.type,
    currency: account.currency as ProviderAccount['currency'],
    language: account.language,
    parentExternalId: row.parentExternalId,
    invoiceName: account.invoiceName,
    invoiceEmail: account.invoiceEmailAddress,
    createdAt: account.createdAt.toISOString(),
  };
};

export const providerAccountRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.providerAccount, async (request) => getProviderAccount(app.db, request.params.externalId));
};
