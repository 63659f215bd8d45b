/** Notification/* calls, and how other modules leave a notification for an account. */
export { notificationRoutes } from './routes';
export { insertNotification } from './repository';
export { autopayFailedMessage, NOTIFICATION_KINDS, paymentFailedMessage } from './messages';
