import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { apiClients, apiClientSecrets } from '../../db/schema';

export type ApiClientRow = typeof apiClients.$inferSelect;

/** A client with what the Admin list shows of its secrets. */
export interface ApiClientWithSecrets extends ApiClientRow {
  secretIssuedAt: Date;
  previousSecretExpiresAt: Date | null;
}

/** A secret still working at `now`: the current one, or one within its grace period. */
const live = (now: Date) => or(isNull(apiClientSecrets.expiresAt), gt(apiClientSecrets.expiresAt, now));

export const insertClient = async (
  db: PortalDb,
  values: { clientId: string; name: string; scopes: string[]; createdByUserId: bigint | null; secretHash: string; now: Date },
): Promise<ApiClientRow> => {
  const [client] = await db
    .insert(apiClients)
    .values({ clientId: values.clientId, name: values.name, scopes: values.scopes, createdByUserId: values.createdByUserId, createdAt: values.now })
    .returning();
  await db.insert(apiClientSecrets).values({ apiClientId: client!.id, secretHash: values.secretHash, createdAt: values.now });
  return client!;
};

/** Every client (or one), with its current secret's date and the end of the previous one's grace period. */
export const listClients = async (db: PortalDb, now: Date, id?: bigint): Promise<ApiClientWithSecrets[]> => {
  const rows = await db
    .select({
      client: apiClients,
      secretIssuedAt: sql<string>`(select max(s.created_at) from api_client_secrets s where s.api_client_id = ${apiClients.id} and s.expires_at is null)`,
      previousSecretExpiresAt: sql<string | null>`(select max(s.expires_at) from api_client_secrets s
        where s.api_client_id = ${apiClients.id} and s.expires_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(apiClients)
    .where(id === undefined ? undefined : eq(apiClients.id, id))
    .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
  return rows.map(({ client, secretIssuedAt, previousSecretExpiresAt }) => ({
    ...client,
    secretIssuedAt: new Date(secretIssuedAt ?? client.createdAt),
    previousSecretExpiresAt: previousSecretExpiresAt ? new Date(previousSecretExpiresAt) : null,
  }));
};

/** The client a token request names, with the hashes of its secrets still working at `now`. */
export const findClientForToken = async (db: PortalDb, clientId: string, now: Date): Promise<{ client: ApiClientRow; secretHashes: string[] } | null> => {
  const [client] = await db.select().from(apiClients).where(eq(apiClients.clientId, clientId));
  if (!client) return null;
  const secrets = await db
    .select({ hash: apiClientSecrets.secretHash })
    .from(apiClientSecrets)
    .where(and(eq(apiClientSecrets.apiClientId, client.id), live(now)));
  return { client, secretHashes: secrets.map((s) => s.hash) };
};

/** Locks a client's row for a change (rotations and disabling of one client run one at a time). */
export const lockClient = async (db: PortalDb, id: bigint): Promise<ApiClientRow | null> => {
  const [client] = await db.select().from(apiClients).where(eq(apiClients.id, id)).for('update');
  return client ?? null;
};

/** The current secret (and any still in grace) stops working at `endsAt`, at the latest; the new one becomes current. */
export const replaceSecret = async (db: PortalDb, id: bigint, secretHash: string, now: Date, endsAt: Date): Promise<void> => {
  await db
    .update(apiClientSecrets)
    .set({ expiresAt: sql`least(coalesce(${apiClientSecrets.expiresAt}, ${endsAt.toISOString()}::timestamptz), ${endsAt.toISOString()}::timestamptz)` })
    .where(and(eq(apiClientSecrets.apiClientId, id), live(now)));
  await db.insert(apiClientSecrets).values({ apiClientId: id, secretHash, createdAt: now });
};

export const markDisabled = async (db: PortalDb, id: bigint, now: Date): Promise<void> => {
  await db.update(apiClients).set({ disabledAt: now }).where(eq(apiClients.id, id));
};

/** What every provider call needs of its client (client-gate.ts keeps it in memory until the client changes). */
export interface ClientState {
  id: bigint;
  name: string;
  disabledAt: Date | null;
}

export const clientState = async (db: PortalDb, clientId: string): Promise<ClientState | null> => {
  const [row] = await db
    .select({ id: apiClients.id, name: apiClients.name, disabledAt: apiClients.disabledAt })
    .from(apiClients)
    .where(eq(apiClients.clientId, clientId));
  return row ?? null;
};
