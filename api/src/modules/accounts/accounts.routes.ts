import type { Request, Router } from 'express';
import type { z } from 'zod';
import { loginCookies } from '../../http/cookies';
import { requireUser } from '../../policy/policy';
import { NEWSLETTER_PATH } from '../../rest/csrf.middleware';
import { RESET_MESSAGES } from './password-reset.schemas';
import {
  AccountInfo,
  EmailBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UPDATE_FIELDS,
  UpdateFieldBody,
  UpdatePasswordBody,
} from './accounts.schemas';
import { bodyFields } from '../../rest/payload';

/** The account REST shims of docs/product.md#rest-endpoints: payloads translated to service calls, results to the documented bodies. */
export function accountRoutes(router: Router): void {
  // Only the spec's names: anything else (the service's own 'languageCode' included) is an unknown field.
  const fieldOf = (req: Request) => {
    const { field } = bodyFields(req, UpdateFieldBody);
    return typeof field === 'string' && Object.hasOwn(UPDATE_FIELDS, field) ? UPDATE_FIELDS[field] : '';
  };

  router.post('/register/', async (req, res) => {
    const b = bodyFields(req, RegisterBody);
    const input = {
      firstName: b.first_name,
      lastName: b.last_name,
      email: b.email,
      password: b.password,
      passwordConfirm: b.password_confirm,
      preferredName: b.preferred_name,
    };
    await req.services.accounts.register(input, loginCookies(req, res));
    res.status(201).json({ success: true, message: 'Registration successful' });
  });

  router.post('/api/login/', async (req, res) => {
    const b = bodyFields(req, LoginBody);
    await req.services.accounts.login(
      { email: b.email, password: b.password },
      req.ip ?? 'unknown',
      loginCookies(req, res),
    );
    res.json({ success: true });
  });

  router.post('/api/logout/', async (req, res) => {
    await req.services.accounts.logout(loginCookies(req, res));
    res.json({ success: true });
  });

  router.get('/api/account-info/', async (req, res) => {
    const user = requireUser(req.viewer);
    const { accounts, usage } = req.services;
    const account = accounts.view(user);
    const u = await usage.summary(user.id);
    res.json({
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      preferredName: account.preferredName,
      language_code: account.languageCode,
      hasStripeSubscription: account.hasStripeSubscription,
      hasValidAccess: account.hasValidAccess,
      usageInfo: {
        upload_limit: u.uploadLimit,
        used_time: u.usedTime,
        remaining_time: u.remainingTime,
        can_upload: u.canUpload,
      },
    } satisfies z.infer<typeof AccountInfo>);
  });

  router.post('/api/update-field/', async (req, res) => {
    const user = requireUser(req.viewer);
    await req.services.accounts.updateField(user, fieldOf(req), bodyFields(req, UpdateFieldBody).value);
    res.json({ success: true });
  });

  router.post('/api/update-password/', async (req, res) => {
    const user = requireUser(req.viewer);
    const b = bodyFields(req, UpdatePasswordBody);
    const input = {
      currentPassword: b.currentPassword,
      newPassword: b.newPassword,
      confirmPassword: b.confirmPassword,
    };
    await req.services.accounts.changePassword(user, input, req.ip ?? 'unknown', loginCookies(req, res));
    res.json({ success: true, message: 'Password updated successfully.' });
  });

  router.post('/api/request-password-reset/', async (req, res) => {
    await req.services.passwordReset.request(bodyFields(req, EmailBody).email, req.ip ?? 'unknown');
    res.json({ success: true, message: RESET_MESSAGES.requested });
  });

  router.post('/api/reset-password/', async (req, res) => {
    const b = bodyFields(req, ResetPasswordBody);
    const input = { token: b.token, password: b.password, passwordConfirm: b.password_confirm };
    await req.services.passwordReset.reset(input, req.ip ?? 'unknown');
    res.json({ success: true, message: RESET_MESSAGES.done });
  });

  router.post(NEWSLETTER_PATH, async (req, res) => {
    await req.services.newsletter.subscribe(bodyFields(req, EmailBody).email, req.ip ?? 'unknown');
    res.json({ success: true, message: 'Thank you for subscribing!' });
  });
}
