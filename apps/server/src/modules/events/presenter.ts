import { EVENT_VERSION, type PortalEvent } from '@portal/contract';
import type { EventRow } from './repository';

export const presentEvent = (row: EventRow): PortalEvent => ({
  id: row.id,
  type: row.type,
  // Every stored event is of the one version there is; a new version would get its own presenter.
  version: EVENT_VERSION,
  occurredAt: row.occurredAt.toISOString(),
  accountExternalId: row.accountExternalId,
  actor: { kind: row.actorKind, name: row.actorName },
  data: row.data as Record<string, unknown>,
});
