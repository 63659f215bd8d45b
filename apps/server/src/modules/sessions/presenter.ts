import type { SessionSummary } from '@portal/contract';
import { deviceParts } from '../../lib/device-name';
import type { SessionRow } from './repository';

/** A session as the sessions list shows it: device, place, when, and whether it is the one asking. */
export const presentSession = (row: SessionRow, currentSessionId: string): SessionSummary => ({
  id: row.id,
  device: row.deviceName,
  ...deviceParts(row.userAgent),
  place: row.ip,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  current: row.id === currentSessionId,
});
