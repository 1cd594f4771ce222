import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import { ApiToken } from '../../kernel/entities/api-token.entity';
import { API_TOKEN_PREFIX, newSecret, sha256 } from './auth.service';
import { ownsApiToken } from '../../policy/policy';
import type { User } from '../../kernel/entities/user.entity';

const createSchema = z.object({
  name: z
    .string({ error: 'Token name is required' })
    .trim()
    .min(1, 'Token name is required')
    .max(100, 'Token name must be at most 100 characters')
    .prefault(''),
  scope: z.enum(['full', 'read'], { error: 'Scope must be full or read' }).default('full'),
});

/** Enough of the secret to tell tokens apart in a list, far too little to guess the rest. */
const VISIBLE_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Personal API tokens for third-party GraphQL clients; only a SHA-256 of each secret is stored. */
export class ApiTokenService {
  constructor(private readonly em: EntityManager) {}

  /** The secret is returned here and never again; `scope` read makes a token that changes nothing. */
  async create(user: User, rawName: unknown, rawScope?: unknown): Promise<{ token: ApiToken; secret: string }> {
    const { name, scope } = parseInput(createSchema, { name: rawName, scope: rawScope });
    const secret = API_TOKEN_PREFIX + newSecret();
    const token = this.em.create(ApiToken, {
      user,
      name,
      scope,
      prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
      secretHash: sha256(secret),
    });
    // A new token ends the reason the profile gave for an empty list.
    user.apiTokensRevokedAt = null;
    await this.em.flush();
    return { token, secret };
  }

  list(user: User): Promise<ApiToken[]> {
    return this.em.find(ApiToken, { user }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** Someone else's token and a missing one give the same answer, so ids reveal nothing. */
  async revoke(user: User, id: string): Promise<void> {
    const token = UUID.test(id) ? await this.em.findOne(ApiToken, { id }) : null;
    if (!token || !ownsApiToken(user, token)) throw notFound('API token not found');
    await this.em.remove(token).flush();
  }
}
