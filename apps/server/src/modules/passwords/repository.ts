import { eq } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { users } from '../../db/schema';

export const updatePasswordHash = async (db: PortalDb, userId: bigint, passwordHash: string, at: Date): Promise<void> => {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
};
