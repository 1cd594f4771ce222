import argon2 from 'argon2';
import type { Config } from '../../config/config';

/**
 * argon2id at the library's defaults (64 MiB, 3 passes, 4 lanes; above OWASP's minimum) everywhere
 * but NODE_ENV=test, where it runs at the least cost argon2 accepts: the suites sign up hundreds of
 * accounts, and 0.2 CPU-seconds a hash was an eighth of the api tests' CPU (issue 27). The stored form
 * is argon2id either way, and a hash carries its own cost, so verifying needs no setting.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

type Env = Pick<Config, 'NODE_ENV'>;

/** The one way passwords are stored (sign-up, change, reset). */
export const hashPassword = (password: string, config: Env) =>
  argon2.hash(password, { type: argon2.argon2id, ...(config.NODE_ENV === 'test' ? TEST_COST : {}) });

export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password);

// Checked against when the e-mail is unknown, so a miss costs as much time as a wrong password.
const dummyHashes = new Map<Config['NODE_ENV'], Promise<string>>();

/** A hash of no one's password, at the cost real ones have here. */
export function dummyHash(config: Env): Promise<string> {
  let hash = dummyHashes.get(config.NODE_ENV);
  if (!hash) dummyHashes.set(config.NODE_ENV, (hash = hashPassword('not-a-real-password-1', config)));
  return hash;
}
