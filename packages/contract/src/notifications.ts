import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './primitives';

export const NotificationSchema = z.object({
  id: IdSchema,
  accountId: IdSchema,
  kind: z.string(),
  message: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationClearQuerySchema = z.object({ notificationId: IdSchema });
export const NotificationClearAllQuerySchema = z.object({ accountId: IdSchema });
