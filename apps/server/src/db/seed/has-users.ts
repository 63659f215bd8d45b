import type { Database } from '../client';
import { users } from '../schema';

/** Whether anyone has been created yet: false only before the first seed. */
export const hasUsers = async (database: Database): Promise<boolean> =>
  (await database.db.select({ id: users.id }).from(users).limit(1)).length > 0;
