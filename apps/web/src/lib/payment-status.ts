/**
 * Successful is shown as "Completed"; Successful and Completed get a green badge; any
 * other status gets a yellow badge with its own text (e.g. "InProgress", "Error").
 */
export type PaymentStatusBadge = { tone: 'success'; label: 'completed' } | { tone: 'warning'; label: 'own'; text: string };

export const paymentStatusBadge = (status: string): PaymentStatusBadge =>
  status === 'Successful' || status === 'Completed'
    ? { tone: 'success', label: 'completed' }
    : { tone: 'warning', label: 'own', text: status };

/** Payments settle asynchronously (docs/decisions/0007-sandbox-card-provider.md): while one is InProgress the screen keeps polling. */
export const hasPendingPayment = (payments: readonly { status: string }[]): boolean =>
  payments.some((p) => p.status === 'InProgress');

/** How often to re-read payments while one is settling; the sandbox settles within a few seconds. */
export const SETTLING_POLL_MS = 2000;
