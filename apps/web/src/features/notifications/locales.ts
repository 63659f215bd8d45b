import { defineLocales } from '@/lib/i18n/i18n';

/** Notification texts (namespace `notifications`): the bell, its panel and the email choices on Account Information. */
export const en = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  title: 'Notifications',
  description: 'What happened on this account: invoices, payments, cards and disputes.',
  loading: 'Loading notifications...',
  loadError: 'Failed to load notifications. Please try again later.',
  empty: 'You have no notifications.',
  more: 'Showing the newest {{shown}} of {{count}}. Clear some to see older ones.',
  clear: 'Clear',
  clearOne: 'Clear: {{message}}',
  clearing: 'Clearing...',
  clearError: 'The notification could not be cleared. Please try again.',
  clearAll: 'Clear all',
  clearAllTitle: 'Clear all notifications?',
  clearAllText: 'All {{count}} notifications of this account will be removed from the list. This cannot be undone.',
  clearAllError: 'The notifications could not be cleared. Please try again.',
  cleared: 'Notification cleared.',
  allCleared: 'All notifications cleared.',
  events: {
    invoice_posted: 'Invoice {{invoiceNumber}} of {{amount}} is ready; it is due {{dueDate}}.',
    payment_succeeded: 'Your payment of {{amount}} was received. Thank you.',
    payment_failed: 'Your payment of {{amount}} failed: {{reason}}.',
    payment_failed_automatic: 'Automatic payment of {{amount}} failed: {{reason}}.',
    autopay_scheduled: 'An automatic payment of {{amount}} will be made on {{date}}.',
    card_expiring: 'Your {{brand}} card ending {{last4}} expires at the end of {{expiry}}. Add a new card to keep paying without interruption.',
    card_expired: 'Your {{brand}} card ending {{last4}} expired at the end of {{expiry}}. Add a new card to keep paying.',
    dispute_status_changed: 'Your dispute on invoice {{invoiceNumber}} is now {{status}}.',
    dispute_status_changed_plain: 'Your dispute is now {{status}}.',
    dispute_resolved_credit: 'Your dispute on invoice {{invoiceNumber}} is resolved: a credit of {{credit}} was applied to your account.',
    dispute_resolved_credit_plain: 'Your dispute is resolved: a credit of {{credit}} was applied to your account.',
    arrangement_broken: 'Your payment arrangement is cancelled: the instalment of {{date}} was not paid. {{amount}} is overdue again.',
  },
  disputeStatus: { Open: 'open', UnderReview: 'under review', Resolved: 'resolved', Rejected: 'rejected' },
  preferences: {
    title: 'Email notifications',
    intro: 'Choose what we email you about. Every notification still shows under the bell at the top of the page.',
    loading: 'Loading your email choices...',
    loadError: 'Failed to load your email choices. Please try again later.',
    save: 'Save email choices',
    saving: 'Saving...',
    saved: 'Your email choices were saved.',
    saveError: 'Your email choices could not be saved. Please try again.',
    events: {
      invoice_posted: 'A new invoice is ready',
      payment_succeeded: 'A payment was received (with its receipt)',
      payment_failed: 'A payment failed',
      autopay_scheduled: 'An automatic payment is 3 days away',
      card_expiring: 'A card expires within 30 days or has expired',
      dispute_status_changed: 'A dispute changed status',
    },
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const notificationLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
