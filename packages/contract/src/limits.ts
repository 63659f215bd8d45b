/** The spec's business constants, shared by both sides. */
export const INVOICE_PAGE_SIZE = 10;
export const DASHBOARD_INVOICE_COUNT = 2;
export const SUCCESS_MESSAGE_MS = 4000;
export const MIN_CARDS_ON_FILE = 1;
export const BRAND_CODE = 'portal';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const ONE_TIME_LOGIN_TTL_MS = 15 * 60 * 1000;
/** Minutes without a request after which a session ends: the server's default and what the web warns by. */
export const SESSION_IDLE_MINUTES_DEFAULT = 30;
/**
 * Days after an account is closed during which its people may still download its documents (invoices,
 * receipts, statements, call records): 7 years, what tax authorities ask invoices to be kept
 * (docs/decisions/0016-closing-an-account.md).
 */
export const CLOSED_ACCOUNT_DOCUMENT_DAYS = 7 * 365;
/** What every write on a closed account answers (409): it is read-only until its retention ends. */
export const ACCOUNT_CLOSED_MESSAGE = 'This account is closed.';
/** The spec's texts the server answers with. */
export const MESSAGES = {
  lastCard: 'Cannot remove last payment method. At least one payment method must be kept on file.',
  noBillingAddress: 'No valid billing address found',
  awaitingApproval: 'Your account has not yet been approved.',
  multipleUsersForEmail:
    'Failed to send reset code.  There may be multiple users with the same email address.  Please contact support.',
} as const;
