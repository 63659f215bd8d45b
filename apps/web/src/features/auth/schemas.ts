import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@portal/contract';
import { z } from 'zod';

/**
 * Form schemas of the auth screens. They mirror the contract's request schemas (same limits) but carry
 * i18n keys of the `auth` catalog as messages, so errors show in the user's language; the services validate
 * the requests again with the contract. (The login form validates with `validateLogin` in rules.ts instead,
 * to keep zod off the /login path.)
 */
export const forgotPasswordFormSchema = z.object({
  username: z.string().trim().min(1, 'forgot.invalid').max(USERNAME_MAX),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

const newPassword = z.string().min(1, 'reset.required').min(PASSWORD_MIN, 'reset.tooShort').max(PASSWORD_MAX);

const matching = <T extends { newPassword: string; confirmPassword: string }>(form: T, ctx: z.RefinementCtx) => {
  if (form.confirmPassword && form.newPassword !== form.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'reset.mismatch' });
  }
};

export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string().min(1, 'reset.required') })
  .superRefine(matching);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'reset.required').max(PASSWORD_MAX),
    newPassword,
    confirmPassword: z.string().min(1, 'reset.required'),
  })
  .superRefine(matching);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
