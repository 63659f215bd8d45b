/** Sign in with Microsoft (any OpenID Connect provider by config), and the landing of other vouched-for identities. */
export { singleSignOnRoutes, type SingleSignOnOptions, type SsoLanding } from './routes';
export { oidcSettingsOf } from './oidc';
