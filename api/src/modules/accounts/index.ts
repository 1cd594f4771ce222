/**
 * The public entry of modules/accounts: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { type AccountFieldKey, emailSchema } from './account.schemas';
export { AccountService } from './account.service';
export { BillingCycleEnum } from './account.type';
export { ApiTokenService } from './api-token.service';
export { peekApiToken, userForApiToken, userForSessionToken } from './auth.service';
export { spokenLanguage } from './languages';
export { PasswordConfirmation } from './password-confirmation';
export { RESET_MESSAGES } from './password-reset.schemas';
export { PasswordResetService } from './password-reset.service';
