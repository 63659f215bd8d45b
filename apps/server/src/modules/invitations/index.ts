/** People of an account on the provider API: invitations (by email, to set a password or sign in) and removing access. */
export { invitationRoutes } from './routes';
