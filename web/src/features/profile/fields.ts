import type { AccountField, ProfileQuery } from '../../gql/graphql';

export type Account = NonNullable<ProfileQuery['me']>;
export type FieldKey = 'firstName' | 'lastName' | 'email' | 'preferredName' | 'languageCode';

export interface FieldSpec {
  key: FieldKey;
  field: AccountField;
  label: string;
  kind: 'text' | 'email' | 'language';
  optional?: boolean;
}

/** The account fields of docs/product.md#data, in the order the profile shows them. */
export const FIELDS: readonly FieldSpec[] = [
  { key: 'firstName', field: 'FIRST_NAME', label: 'First Name', kind: 'text' },
  { key: 'lastName', field: 'LAST_NAME', label: 'Last Name', kind: 'text' },
  { key: 'email', field: 'EMAIL', label: 'Email', kind: 'email' },
  { key: 'preferredName', field: 'PREFERRED_NAME', label: 'Preferred Name', kind: 'text', optional: true },
  { key: 'languageCode', field: 'LANGUAGE_CODE', label: 'Language', kind: 'language' },
];

/** docs/product.md#validation, #messages: the api's e-mail conflict is shown to the user in this wording. */
export const EMAIL_IN_USE = 'This email is already in use by another account.';

/** Hours with at most two decimals (1, 0.25, 7.5). */
export function formatHours(value: number): string {
  return `${Math.round(value * 100) / 100} h`;
}
