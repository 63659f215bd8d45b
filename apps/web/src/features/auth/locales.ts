import { defineLocales } from '@/lib/i18n/i18n';

/** Sign-in and login callback texts (namespace `auth`); English texts are the spec's, verbatim. Password screens are in password-locales.ts, so /login downloads only its own texts. */
export const en = {
  login: {
    title: 'Log In',
    welcome: 'Welcome to the {{product}} billing dashboard, please log in to continue.',
    username: 'Username',
    password: 'Password',
    rememberMe: 'Remember me',
    submit: 'Log In',
    submitting: 'Logging in...',
    forgotPassword: 'Forgot your password?',
    or: 'or',
    sso: 'Sign in with {{provider}}',
    passkey: 'Sign in with a passkey',
    passkeyBusy: 'Waiting for your passkey...',
    passkeyCancelled: 'Passkey sign-in was cancelled or timed out. Try again, or log in with your password.',
    passkeyFailed: 'Signing in with a passkey did not work. Try again, or log in with your password.',
    usernameRequired: 'Username is required.',
    passwordRequired: 'Password is required.',
    failed: 'Login failed',
    code: 'Verification code',
    codeRequired: 'Enter the code from your authenticator app, or a recovery code.',
    useRecovery: 'Use a recovery code instead',
    useApp: 'Use the code from your app instead',
    oneTimeTitle: 'Signing you in',
    oneTimeBusy: 'Checking your sign-in link...',
    oneTimeInvalid: 'This sign-in link is invalid or has expired. Please log in or ask for a new link.',
    attemptsLeft_one: '1 attempt left before sign-in is paused. If you forgot your password, reset it instead.',
    attemptsLeft_other: '{{count}} attempts left before sign-in is paused. If you forgot your password, reset it instead.',
    noAttemptsLeft: 'Sign-in is now paused for a while. Reset your password to sign in at once.',
  },
  callback: {
    title: 'Account awaiting approval',
    disabledTitle: 'Account disabled',
    failedTitle: 'Sign-in did not complete',
    failedText: 'We could not complete your sign-in. Please try again, or contact support if it keeps happening.',
    message:
      'Your account has not yet been approved. Your request will be reviewed by an administrator. Please contact us at <phone>{{phone}}</phone> or <email>{{email}}</email> for further assistance.',
    returnToLogin: 'Return to Login',
    needHelp: 'Need Help',
    needHelpText: 'Our support team can check the status of your request.',
    signingIn: 'Signing you in...',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const authLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
