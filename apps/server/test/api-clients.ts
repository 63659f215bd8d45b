import { API_CLIENT_SCOPES, type ApiClientScope } from '@portal/contract';
import type { TestContext } from './app';
import { createApiClient } from '../src/modules/api-clients';

/** A provider API token of a new API client with these scopes (all by default), from the token endpoint. */
export const clientTokenFor = async (ctx: Pick<TestContext, 'app' | 'database' | 'clock'>, scopes: readonly ApiClientScope[] = API_CLIENT_SCOPES): Promise<string> => {
  const { client, clientSecret } = await createApiClient(
    { db: ctx.database.db, clock: ctx.clock },
    { userId: null, via: 'command line' },
    { name: `Test client ${scopes.join(',')}`, scopes: [...scopes] },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/a/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token request refused: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
};
