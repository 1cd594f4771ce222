import { z } from 'zod';
import { MESSAGES, emailSchema, newPasswordSchema } from './account.schemas';

export const RESET_MESSAGES = {
  /** Unknown, used and expired links alike: which one it was would tell an attacker something. */
  invalidLink: 'This password reset link is invalid or has expired. Please ask for a new one.',
  /** The same answer whether or not the address has an account. */
  requested: 'If an account uses that address, we have sent it a link to choose a new password.',
  done: 'Your password has been changed. Please sign in with your new password.',
} as const;

export const requestResetSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    // Links carry 43 base64url characters; anything far longer is no link of ours.
    token: z
      .string({ error: RESET_MESSAGES.invalidLink })
      .min(1, RESET_MESSAGES.invalidLink)
      .max(200, RESET_MESSAGES.invalidLink)
      .prefault(''),
    password: newPasswordSchema,
    passwordConfirm: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .prefault(''),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: MESSAGES.passwordsDiffer, path: ['passwordConfirm'] });

export type ResetPasswordInput = { [K in keyof z.input<typeof resetPasswordSchema>]?: unknown };
