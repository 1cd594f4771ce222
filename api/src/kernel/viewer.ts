import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiTokenScope } from './entities/api-token.entity';
import type { User } from './entities/user.entity';

/** Who is calling, and how they proved it; a bearer token also says what it may do. */
export interface Viewer {
  user: User | null;
  via: 'cookie' | 'bearer' | null;
  scope?: ApiTokenScope;
}

export const anonymous: Viewer = { user: null, via: null };

/**
 * How a credential becomes a user: the accounts feature answers, and the composition root hands
 * it to the transports (http/, graphql/), which import no feature.
 */
export interface ViewerLookup {
  /** The user behind a bearer API token and its scope, recording the use. */
  userForApiToken(em: EntityManager, secret: string): Promise<{ user: User; scope: ApiTokenScope } | null>;
  /** The same, only reading: for re-checks that must not write on every subscription update. */
  peekApiToken(em: EntityManager, secret: string): Promise<{ user: User; scope: ApiTokenScope } | null>;
  userForSessionToken(em: EntityManager, token: string): Promise<User | null>;
}
