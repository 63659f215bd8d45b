/** Notification/* calls, and how other modules record an event for an account (notifyAccount). */
export { notificationRoutes } from './routes';
export { notifyAccount, NOTIFICATION_MAIL_PURPOSE, type AccountEvent } from './notify';
export { prepareNotificationMail, type InvoiceMailer, type ReceiptRenderer } from './mail';
export { formatAmount, formatDay } from './messages';
