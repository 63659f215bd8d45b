/**
 * API clients: an Admin (or the `api-client` command) creates one and sees its secret once, rotates it with
 * a grace period for the old one, or disables it; every change is audited with the client's name.
 */
import type { ApiClient, ApiClientCredentials, ApiClientScope } from '@portal/contract';
import { conflict, notFound } from '../../errors';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../lib/audit';
import { announceClientChange, notifyClientChange } from './client-gate';
import { generateClientId, generateClientSecret, hashClientSecret } from './credentials';
import { toApiClient } from './presenter';
import { insertClient, listClients, lockClient, markDisabled, replaceSecret } from './repository';

export type ApiClientsDeps = Pick<Deps, 'db' | 'clock'>;

/** Who made a change: an Admin, or the operator at the command line (no user). */
export interface ApiClientActor {
  userId: bigint | null;
  via: 'admin' | 'command line';
}

const presentOne = async (db: PortalDb, id: bigint, now: Date): Promise<ApiClient> => {
  const [row] = await listClients(db, now, id);
  return toApiClient(row!);
};

export const listApiClients = async ({ db, clock }: ApiClientsDeps): Promise<ApiClient[]> => (await listClients(db, clock.now())).map(toApiClient);

export const createApiClient = async (
  { db, clock }: ApiClientsDeps,
  actor: ApiClientActor,
  input: { name: string; scopes: ApiClientScope[] },
): Promise<ApiClientCredentials> => {
  const now = clock.now();
  const clientSecret = generateClientSecret();
  return db.transaction(async (tx) => {
    const row = await insertClient(tx, {
      clientId: generateClientId(),
      name: input.name,
      scopes: input.scopes,
      createdByUserId: actor.userId,
      secretHash: hashClientSecret(clientSecret),
      now,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'api_client.create',
      entity: 'api_client',
      entityId: row.id,
      details: { name: row.name, clientId: row.clientId, scopes: input.scopes, via: actor.via },
    });
    return { client: await presentOne(tx, row.id, now), clientSecret };
  });
};

const MINUTE = 60_000;

export const rotateApiClientSecret = async (
  { db, clock }: ApiClientsDeps,
  actor: ApiClientActor,
  id: bigint,
  { gracePeriodMinutes }: { gracePeriodMinutes: number },
): Promise<ApiClientCredentials> => {
  const now = clock.now();
  const clientSecret = generateClientSecret();
  return db.transaction(async (tx) => {
    const client = await lockClient(tx, id);
    if (!client) throw notFound('The API client');
    if (client.disabledAt) throw conflict('This API client is disabled: its secret cannot be rotated.');
    const previousSecretEndsAt = new Date(now.getTime() + gracePeriodMinutes * MINUTE);
    await replaceSecret(tx, id, hashClientSecret(clientSecret), now, previousSecretEndsAt);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'api_client.rotate_secret',
      entity: 'api_client',
      entityId: id,
      details: { name: client.name, clientId: client.clientId, gracePeriodMinutes, previousSecretEndsAt: previousSecretEndsAt.toISOString(), via: actor.via },
    });
    return { client: await presentOne(tx, id, now), clientSecret };
  });
};

export const disableApiClient = async ({ db, clock }: ApiClientsDeps, actor: ApiClientActor, id: bigint): Promise<ApiClient> => {
  const now = clock.now();
  const disabled = await db.transaction(async (tx) => {
    const client = await lockClient(tx, id);
    if (!client) throw notFound('The API client');
    if (client.disabledAt) throw conflict('This API client is already disabled.');
    await markDisabled(tx, id, now);
    await notifyClientChange(tx, client.clientId);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'api_client.disable',
      entity: 'api_client',
      entityId: id,
      details: { name: client.name, clientId: client.clientId, via: actor.via },
    });
    return presentOne(tx, id, now);
  });
  // Committed: this instance refuses the client from its next call (the others hear the NOTIFY).
  announceClientChange(disabled.clientId);
  return disabled;
};
