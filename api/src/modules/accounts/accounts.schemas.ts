import { z } from 'zod';
import type { AccountFieldKey } from './account.schemas';

/*
 * The limits of the services' validation (account.schemas.ts, password-reset.schemas.ts), stated so
 * that clients, and the fuzzer of api/test/openapi-fuzz.test.ts, send what can pass. The services
 * check them, with the contract's messages (GraphQL shares them); blank after trimming and the
 * password's letter-and-number rule are refused too (400).
 */
const email = z.email().max(254);
const newPassword = z
  .string()
  .min(8)
  .max(256)
  .meta({ description: 'At least 8 characters with a letter and a number' });
const password = z.string().min(1).max(256);
const personName = z.string().min(1).max(100);

/** The spec's field names on update-field, mapped to the service's. */
export const UPDATE_FIELDS: Record<string, AccountFieldKey> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  preferredName: 'preferredName',
  language_code: 'languageCode',
};

export const RegisterBody = z
  .strictObject({
    first_name: personName,
    last_name: personName,
    email,
    password: newPassword,
    password_confirm: password,
    preferred_name: z.string().max(100).optional(),
  })
  .meta({ id: 'RegisterBody' });
export const LoginBody = z.strictObject({ email, password }).meta({ id: 'LoginBody' });
export const EmailBody = z.strictObject({ email }).meta({ id: 'EmailBody' });
export const UpdateFieldBody = z
  .strictObject({ field: z.enum(Object.keys(UPDATE_FIELDS) as [string, ...string[]]), value: z.string() })
  .meta({ id: 'UpdateFieldBody' });
export const UpdatePasswordBody = z
  .strictObject({ currentPassword: password, newPassword, confirmPassword: password })
  .meta({ id: 'UpdatePasswordBody' });
export const ResetPasswordBody = z
  .strictObject({
    token: z.string().min(1).max(200).meta({ description: "The `token` of the mailed link's query" }),
    password: newPassword,
    password_confirm: password,
  })
  .meta({ id: 'ResetPasswordBody' });

const hours = z.number().meta({ description: 'hours' });
export const AccountInfo = z
  .strictObject({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    preferredName: z.string().nullable(),
    language_code: z.string(),
    hasStripeSubscription: z.boolean(),
    hasValidAccess: z.boolean(),
    usageInfo: z.strictObject({
      upload_limit: hours,
      used_time: hours,
      remaining_time: hours,
      can_upload: z.boolean(),
    }),
  })
  .meta({ id: 'AccountInfo' });
