/** Notifications: the top bar's bell (its panel loads on demand) and the email choices of Account Information. */
export { NotificationBell } from './components/notification-bell';
export { EmailPreferences } from './components/lazy-email-preferences';
export { notificationLocales } from './locales';
