import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Config } from '../../config/config';
import { DomainError, badInput, unauthenticated } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import { PLAN_IDS, type BillingCycle, type PlanDefinition, type PlanService } from '../plans';
import { hasLiveSubscription, outstandingPaymentFailure } from '../../kernel/subscription-state';
import {
  ACCOUNT_FIELDS,
  MESSAGES,
  changePasswordSchema,
  loginSchema,
  registerSchema,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
} from './account.schemas';
import { dummyHash, hashPassword, verifyPassword } from './password-hash';
import { endLogin, rememberDevice, sha256, startLogin } from './auth.service';
import { Login } from '../../kernel/entities/login.entity';
import { LoginThrottle } from './login-throttle';
import type { LoginCookies } from '../../kernel/login-cookies';
import { User } from '../../kernel/entities/user.entity';

/** An account as both transports show it (usage is fetched separately, only when asked for). */
export interface AccountView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  preferredName: string | null;
  languageCode: string;
  plan: PlanDefinition;
  billingCycle: BillingCycle | null;
  hasStripeSubscription: boolean;
  hasValidAccess: boolean;
  billingMode: string;
  /** Stripe mode: when the subscription renews, or when a cancelled one ends (access lasts until then). */
  renewsAt: Date | null;
  endsAt: Date | null;
  /** Stripe mode: a failed payment not yet made good (Stripe retries meanwhile). */
  paymentFailedAt: Date | null;
  /** When a password reset revoked the account's API tokens, until a token is created again. */
  apiTokensRevokedAt: Date | null;
}

const choosePlanSchema = z.object({
  planId: z.enum(PLAN_IDS as [string, ...string[]], { error: 'Unknown plan' }),
  billingCycle: z.enum(['monthly', 'annual'], { error: 'Billing cycle must be monthly or annual' }),
});

/** Sign-up, sign-in and the signed-in user's own account: profile fields, password and plan. */
export class AccountService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
    private readonly plans: PlanService,
  ) {
    this.throttle = new LoginThrottle(em, config);
  }

  /** Creates the account and signs it in; nothing is stored when any field is refused. */
  async register(raw: RegisterInput, cookies: LoginCookies): Promise<User> {
    const input = parseInput(registerSchema, raw);
    await this.assertEmailFree(input.email);
    const user = this.em.create(User, {
      email: input.email,
      passwordHash: await hashPassword(input.password, this.config),
      firstName: input.firstName,
      lastName: input.lastName,
      preferredName: input.preferredName,
    });
    // The user row and its login go in one flush, hence one transaction.
    const token = await this.flushUnique(() => startLogin(this.em, user));
    await this.replaceLogin(cookies, token);
    // The browser that made the account is a known one (login-throttle.ts).
    cookies.setDevice(await rememberDevice(this.em, user.id));
    return user;
  }

  async login(raw: LoginInput, ip: string, cookies: LoginCookies): Promise<User> {
    const input = parseInput(loginSchema, raw);
    const attempt = await this.throttle.begin(input.email, ip, cookies.device());
    const user = await this.em.findOne(User, { email: input.email }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash(this.config)), input.password);
    if (!user || !ok) throw unauthenticated(MESSAGES.invalidCredentials);
    await this.throttle.succeeded(attempt);
    cookies.setDevice(await this.throttle.trustDevice(attempt, user.id, cookies.device()));
    await this.replaceLogin(cookies, await startLogin(this.em, user));
    return user;
  }

  /** Ends this browser's session server-side, so the old cookie is worthless even if kept. */
  async logout(cookies: LoginCookies): Promise<void> {
    const token = cookies.current();
    if (token) await endLogin(this.em, token);
    cookies.clear();
  }

  view(user: User): AccountView {
    const plan = this.plans.get(user.planId);
    // Self-hosted mode has no Stripe: a paid plan counts as the subscription (the web shows the same screens).
    const stripe = this.config.BILLING_MODE === 'stripe';
    const live = stripe && hasLiveSubscription(user);
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      preferredName: user.preferredName ?? null,
      languageCode: user.languageCode,
      plan,
      billingCycle: user.billingCycle ?? null,
      hasStripeSubscription: plan.paid && (live || !stripe),
      hasValidAccess: plan.includesQa,
      billingMode: this.config.BILLING_MODE,
      renewsAt: live && !user.cancelAt ? (user.billingPeriodEnd ?? null) : null,
      endsAt: live ? (user.cancelAt ?? null) : null,
      paymentFailedAt: stripe ? outstandingPaymentFailure(user) : null,
      apiTokensRevokedAt: user.apiTokensRevokedAt ?? null,
    };
  }

  /** Changes one profile field (the profile page edits them one at a time). */
  async updateField(user: User, field: string, value: unknown): Promise<User> {
    if (!Object.hasOwn(ACCOUNT_FIELDS, field)) throw badInput('Unknown field', 'field');
    const key = field as keyof typeof ACCOUNT_FIELDS;
    const parsed = parseInput(z.object({ [key]: ACCOUNT_FIELDS[key] }), { [key]: value })[key];
    if (key === 'email' && parsed !== user.email) await this.assertEmailFree(parsed as string);
    this.em.assign(user, { [key]: parsed });
    await this.flushUnique(() => this.em.flush());
    return user;
  }

  /** Replaces the password and signs out every other session of the user (a stolen cookie stops working). */
  async changePassword(
    user: User,
    raw: ChangePasswordInput,
    ip: string,
    cookies: LoginCookies | undefined,
  ): Promise<void> {
    const input = parseInput(changePasswordSchema, raw);
    // Guessing the current password here must cost as much as guessing it at login.
    // As an unknown browser, whatever cookies it holds: a stolen session cookie comes with them.
    const attempt = await this.throttle.begin(user.email, ip);
    await this.em.populate(user, ['passwordHash']);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badInput(MESSAGES.currentPasswordWrong, 'currentPassword');
    }
    await this.throttle.succeeded(attempt);
    user.passwordHash = await hashPassword(input.newPassword, this.config);
    // Sessions go first: should the password write then fail, users sign in again, but a thief's
    // session never outlives a password change that took effect.
    const current = cookies?.current();
    await this.em.nativeDelete(Login, {
      user: user.id,
      ...(current ? { tokenHash: { $ne: sha256(current) } } : {}),
    });
    await this.em.flush();
  }

  /** Self-hosted mode: a chosen plan applies at once. With BILLING_MODE=stripe, plans follow what is paid. */
  async choosePlan(user: User, raw: { planId: unknown; billingCycle: unknown }): Promise<User> {
    if (this.config.BILLING_MODE !== 'self-hosted') {
      throw new DomainError(
        'FORBIDDEN',
        'Plans are bought through checkout (createCheckoutSession) and changed with Manage Subscription.',
      );
    }
    const input = parseInput(choosePlanSchema, raw);
    const plan = this.plans.get(input.planId);
    if (plan.paid && input.billingCycle === 'annual' && plan.annualPrice === null) {
      throw badInput(`${plan.name} is billed monthly only`, 'billingCycle');
    }
    this.em.assign(user, { planId: plan.id, billingCycle: plan.paid ? input.billingCycle : null });
    await this.em.flush();
    return user;
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.em.count(User, { email })) throw emailInUse();
  }

  /** A concurrent request can take the e-mail between our check and our write; the unique index decides. */
  private async flushUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw emailInUse();
      throw err;
    }
  }

  // Signing in over an existing session retires that one rather than leaving it valid in the background.
  private async replaceLogin(cookies: LoginCookies, token: string): Promise<void> {
    const previous = cookies.current();
    if (previous) await endLogin(this.em, previous);
    cookies.set(token);
  }
}

const emailInUse = () => new DomainError('CONFLICT', MESSAGES.emailInUse, 'email');
