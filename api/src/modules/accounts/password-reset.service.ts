import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config/config';
import type { Mailer } from '../../adapters/mail/mailer';
import { appUrl } from '../common';
import { badInput } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import { hashPassword } from './password-hash';
import { newSecret, sha256 } from './auth.service';
import { forgetLoginFailures } from './login-throttle';
import { PasswordResetThrottle } from './password-reset.throttle';
import {
  RESET_MESSAGES,
  requestResetSchema,
  resetPasswordSchema,
  type ResetPasswordInput,
} from './password-reset.schemas';

/** How long a reset link works. */
export const RESET_TTL_MS = 3600 * 1000;

/**
 * "Forgot password?": a single-use link by mail, then a new password that ends every sign-in
 * session and API token of the account. Only the SHA-256 of a link's token is stored.
 */
export class PasswordResetService {
  private readonly throttle: PasswordResetThrottle;

  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
    private readonly mailer: Mailer,
  ) {
    this.throttle = new PasswordResetThrottle(em, config);
  }

  /**
   * Answers alike, after the same work, whether or not the address has an account: the lookup and
   * the mail happen after the answer (a failure is logged), so neither the reply nor its timing
   * tells an address with an account from one without.
   */
  async request(email: unknown, ip: string): Promise<void> {
    const input = parseInput(requestResetSchema, { email });
    await this.throttle.request(input.email, ip);
    void this.mailLink(input.email).catch((err: Error) =>
      console.error(`password reset: the link was not sent (${err.message})`),
    );
  }

  /**
   * Sets the new password from a link; every session, API (and so MCP) token and other link of the
   * account ends with it, and when tokens ended the account records when.
   */
  async reset(raw: ResetPasswordInput, ip: string): Promise<void> {
    const input = parseInput(resetPasswordSchema, raw);
    await this.throttle.begin(ip);
    // em.execute (not the connection's) runs in the transaction: the claim and the changes commit together.
    const email = await this.em.transactional(async (em) => {
      // Deleting claims the link: of two uses at once only one gets the row.
      const [link] = await em.execute<Array<{ user_id: string; live: boolean }>>(
        'delete from password_resets where token_hash = ? returning user_id, expires_at > now() as live',
        [sha256(input.token)],
      );
      if (!link?.live) return null;
      // Hashed only for a real link, so made-up tokens cost no argon2 work.
      const passwordHash = await hashPassword(input.password, this.config);
      const [user] = await em.execute<Array<{ email: string }>>(
        'update users set password_hash = ?, updated_at = now() where id = ? returning email',
        [passwordHash, link.user_id],
      );
      for (const table of ['login_sessions', 'password_resets']) {
        await em.execute(`delete from ${table} where user_id = ?`, [link.user_id]);
      }
      // Kept only when tokens did go, so the profile explains an empty list only when this emptied it.
      await em.execute(
        `with revoked as (delete from api_tokens where user_id = ? returning 1)
         update users set api_tokens_revoked_at = now() where id = ? and exists (select 1 from revoked)`,
        [link.user_id, link.user_id],
      );
      return user.email;
    });
    if (!email) throw badInput(RESET_MESSAGES.invalidLink, 'token');
    await this.throttle.succeeded(ip);
    await forgetLoginFailures(this.em, this.config, email);
  }

  private async mailLink(email: string): Promise<void> {
    // The request's own entity manager may be gone by now.
    const conn = this.em.fork().getConnection();
    const [user] = await conn.execute<Array<{ id: string; first_name: string; preferred_name: string | null }>>(
      'select id, first_name, preferred_name from users where email = ?',
      [email],
    );
    if (!user) return;
    const token = newSecret();
    // The account's links that ran out go now, so rows do not pile up.
    await conn.execute('delete from password_resets where user_id = ? and expires_at <= now()', [user.id]);
    await conn.execute('insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)', [
      sha256(token),
      user.id,
      new Date(Date.now() + RESET_TTL_MS),
    ]);
    const link = appUrl(this.config, `/reset-password?token=${token}`);
    await this.mailer.send({
      to: email,
      subject: 'Reset your Questlog password',
      text: [
        `Hello ${user.preferred_name?.trim() || user.first_name},`,
        '',
        'Someone, hopefully you, asked to reset the password of your Questlog account.',
        'Open this link within an hour to choose a new one:',
        '',
        link,
        '',
        'The link works once. A new password signs you out on every device and revokes every API and MCP',
        'token of your account: scripts and AI assistants then need a new token from your profile.',
        '',
        'If you did not ask, ignore this mail: your password stays as it is.',
        '',
        '— Questlog',
      ].join('\n'),
    });
  }
}
