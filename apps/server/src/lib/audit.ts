import type { PortalDb } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorUserId: bigint | null;
  /** An API client acting through the provider API. */
  actorClientId?: bigint | null;
  accountId: bigint | null;
  action: string;
  entity: string;
  entityId?: string | bigint | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit log inside the caller's transaction, so the change and its record land together. */
export const recordAudit = async (db: PortalDb, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorClientId: entry.actorClientId ?? null,
    accountId: entry.accountId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: JSON.parse(JSON.stringify(entry.details ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))),
  });
};
