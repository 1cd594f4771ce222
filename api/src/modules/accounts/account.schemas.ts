import { z } from 'zod';
import { isLanguageCode } from './languages';
import { visible } from '../../kernel/validation';

/** Wording of the contract (docs/accounts-contract.md); the web app shows these texts as they are. */
export const MESSAGES = {
  emailBlank: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  emailInUse: 'Email already in use by another account',
  passwordRule: 'Password must be at least 8 characters and include a letter and a number.',
  passwordsDiffer: 'Passwords do not match',
  newPasswordsDiffer: 'New passwords do not match.',
  currentPasswordWrong: 'Current password is incorrect',
  invalidCredentials: 'Invalid email or password',
  languageUnsupported: 'Unsupported language code',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
} as const;

const NAME_MAX = 100;
/** The longest address SMTP can deliver to (RFC 5321). */
const EMAIL_MAX = 254;

/** A string field: null, absent or another JSON type each get a readable message, never zod's default. */
const str = (label: string, missing: string) =>
  z.string({ error: (issue) => (issue.input == null ? missing : `${label} must be a string`) });

/** Required text, trimmed; absent behaves like blank so both get the same message. */
const requiredText = (label: string, required: string, max: number) =>
  str(label, required)
    .trim()
    .refine(visible, required)
    .max(max, `${label} must be at most ${max} characters`)
    .prefault('');

export const emailSchema = str('Email', MESSAGES.emailBlank)
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailBlank)
  .pipe(z.email({ error: MESSAGES.emailInvalid }).max(EMAIL_MAX, MESSAGES.emailInvalid))
  .prefault('');

/** The password rule of the contract; also stated in the README. */
export const newPasswordSchema = str('Password', 'Password is required')
  .min(1, 'Password is required')
  .min(8, MESSAGES.passwordRule)
  .max(256, MESSAGES.passwordRule)
  .regex(/\p{L}/u, MESSAGES.passwordRule)
  .regex(/\p{N}/u, MESSAGES.passwordRule)
  .prefault('');

export const firstNameSchema = requiredText('First name', MESSAGES.firstNameRequired, NAME_MAX);
export const lastNameSchema = requiredText('Last name', MESSAGES.lastNameRequired, NAME_MAX);

/** Optional; blank means "no preferred name" and is stored as null. */
export const preferredNameSchema = str('Preferred name', 'Preferred name must be a string')
  .nullish()
  .transform((v) => v?.trim() || null)
  .pipe(z.string().max(NAME_MAX, `Preferred name must be at most ${NAME_MAX} characters`).nullable());

export const languageCodeSchema = str('Language code', MESSAGES.languageUnsupported)
  .trim()
  .refine(isLanguageCode, MESSAGES.languageUnsupported)
  .prefault('');

export const registerSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirm: requiredText('Password confirmation', 'Please confirm your password', 256),
    preferredName: preferredNameSchema,
  })
  .refine((v) => v.password === v.passwordConfirm, { message: MESSAGES.passwordsDiffer, path: ['passwordConfirm'] });

export const loginSchema = z.object({
  email: emailSchema,
  // Longer than any password registration accepts, so it cannot be right.
  password: str('Password', 'Password is required')
    .min(1, 'Password is required')
    .max(256, MESSAGES.invalidCredentials)
    .prefault(''),
});

export const changePasswordSchema = z
  .object({
    currentPassword: str('Current password', 'Current password is required')
      .min(1, 'Current password is required')
      .prefault(''),
    newPassword: newPasswordSchema,
    confirmPassword: str('Password confirmation', 'Please confirm your new password')
      .min(1, 'Please confirm your new password')
      .prefault(''),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.newPasswordsDiffer,
    path: ['confirmPassword'],
  });

/** What callers may hand a service: the documented fields, not yet trusted to have the right types. */
type Untrusted<S extends z.ZodType> = { [K in keyof z.input<S>]?: unknown };

export type RegisterInput = Untrusted<typeof registerSchema>;
export type LoginInput = Untrusted<typeof loginSchema>;
export type ChangePasswordInput = Untrusted<typeof changePasswordSchema>;

/** The account fields a user edits one at a time, with the schema each value must pass. */
export const ACCOUNT_FIELDS = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  preferredName: preferredNameSchema,
  languageCode: languageCodeSchema,
} as const;

export type AccountFieldKey = keyof typeof ACCOUNT_FIELDS;
