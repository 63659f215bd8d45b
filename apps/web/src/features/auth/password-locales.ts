import { defineLocales } from '@/lib/i18n/i18n';

/** Password screens' texts (namespace `password`): forgot, reset and change. English texts from the spec are verbatim. */
export const en = {
  forgot: {
    title: 'Forgot your password?',
    intro: 'Enter your username or email address and we will send you a reset code.',
    username: 'Username or Email Address',
    submit: 'Send Reset Code',
    submitting: 'Sending...',
    returnToLogin: 'Return to Login',
    invalid: 'Please enter a valid email address.',
    success: 'A reset code has been sent to your email.',
    multipleUsers:
      'Failed to send reset code.  There may be multiple users with the same email address.  Please contact support.',
    failed: 'Failed to send reset code',
    failedRetry: 'Failed to send reset code. Please try again.',
  },
  reset: {
    title: 'Reset Password',
    intro: 'Choose a new password for your account.',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    rule: 'Use at least {{min}} characters. A short sentence is easy to remember and hard to guess.',
    submit: 'Reset Password',
    submitting: 'Resetting...',
    returnToLogin: 'Return to Login',
    required: 'This field is required.',
    tooShort: 'Password must be at least {{min}} characters.',
    mismatch: 'Passwords do not match.',
    success: 'Your password has been updated successfully.',
    failed: 'Failed to reset password',
    failedRetry: 'Failed to reset password. Please try again.',
    missingToken: 'This reset link is incomplete or has expired. Please request a new reset code.',
    linkUsed: 'This reset link has expired or was already used. Request a new one.',
    requestNew: 'Request a new reset code',
    passkeysRemoved: 'The passkeys added in the last 24 hours were removed.',
  },
  /** The reset page opened from an invitation (`#invite=`): the person's first password. */
  invite: {
    title: 'Set your password',
    intro: 'Choose the password you will sign in with, with your email address.',
    submit: 'Set password',
    submitting: 'Saving...',
    success: 'Your password is set. Sign in with your email address and this password.',
    missingToken: 'This invitation link is incomplete or has expired. Request a reset code with your email address to set a password.',
    linkUsed: 'This invitation link has expired or was already used. Request a reset code with your email address to set a password.',
  },
  change: {
    title: 'Change Password',
    intro: 'Enter your current password, then choose a new one.',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    rule: 'Use at least {{min}} characters. A short sentence is easy to remember and hard to guess.',
    submit: 'Change Password',
    submitting: 'Saving...',
    success: 'Your password has been changed.',
    failed: 'Failed to change password',
    failedRetry: 'Failed to change password. Please try again.',
    passkeysRemoved: 'The passkeys added in the last 24 hours were removed.',
  },
  recent: {
    title_one: 'A passkey was added to your account in the last 24 hours',
    title_other: '{{count}} passkeys were added to your account in the last 24 hours',
    item: '{{name}}, added',
    remove_one: 'Also remove this passkey',
    remove_other: 'Also remove these {{count}} passkeys',
    hint: 'Do this if you did not add it yourself: a passkey signs in without your password, so a new password alone does not shut it out.',
  },
} as const;

// French is downloaded only when French is the language (password-locales.fr.ts).
export const passwordLocales = defineLocales(en, () => import('./password-locales.fr').then((m) => m.fr));
