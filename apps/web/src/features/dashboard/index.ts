/** The home model (balances, recent payments, payment due date): what the payments screen also shows. */
export { homeModelQuery } from './api/get-home-model';
