import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, MAX_TAKE, pagedSchema } from './primitives';

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

/** Notification/items query: an account's uncleared notifications, newest first, paged. */
export const NotificationItemsQuerySchema = z.object({
  accountId: IdSchema,
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  take: z.coerce.number().int().min(1, 'take must be at least 1').max(MAX_TAKE, `take must be at most ${MAX_TAKE}`).default(100),
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const NotificationItemsSchema = pagedSchema(NotificationSchema);
export type NotificationItems = z.infer<typeof NotificationItemsSchema>;
