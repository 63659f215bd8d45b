/** Two-factor sign-in: TwoFactor/* and Admin's reset, and the code check a password sign-in asks for. */
export { twoFactorRoutes } from './routes';
export { totpSecretsOf, totpState, useSecondFactor } from './totp';
