/**
 * The demo users of docs/decisions/0008-demo-data.md and their password: defined once, for the seed, the start banner
 * and the end-to-end journeys (which import this file).
 */
export const DEMO_PASSWORD = 'Demo-Pass-2025!';

export const DEMO_USERNAMES = {
  customer: 'customer',
  family: 'family',
  francais: 'francais',
  staff: 'staff',
  admin: 'admin',
  pending: 'pending@example.com',
} as const;
export type DemoUser = keyof typeof DEMO_USERNAMES;
