import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config/config';
import { badInput } from '../../kernel/errors';
import { PasswordCheckThrottle } from './login-throttle';
import { verifyPassword } from './password-hash';
import type { User } from '../../kernel/entities/user.entity';

export const PASSWORD_CONFIRMATION_MESSAGES = {
  blank: 'Please enter your password',
  wrong: 'Incorrect password',
} as const;

type ThrottleSettings = Pick<
  Config,
  'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT' | 'LOGIN_MAX_ATTEMPTS_PER_IP' | 'LOGIN_WINDOW_SECONDS'
>;

/**
 * Re-authentication before destructive actions (deleting a campaign or a session). It counts
 * against the same per-account limit as sign-in, so it cannot be used to guess a password.
 */
export class PasswordConfirmation {
  private readonly throttle: PasswordCheckThrottle;

  constructor(
    private readonly em: EntityManager,
    config: ThrottleSettings,
  ) {
    this.throttle = new PasswordCheckThrottle(em, config);
  }

  /** A blank password is a form error; a wrong one is refused before anything changes. */
  async confirm(user: User, password: unknown): Promise<void> {
    if (typeof password !== 'string' || password === '') {
      throw badInput(PASSWORD_CONFIRMATION_MESSAGES.blank, 'password');
    }
    await this.throttle.begin(user.email);
    await this.em.populate(user, ['passwordHash']);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw badInput(PASSWORD_CONFIRMATION_MESSAGES.wrong, 'password');
    }
    await this.throttle.succeeded(user.email);
  }
}
