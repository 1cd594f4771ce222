import type { ApiTokenScope } from './entities/api-token.entity';
import type { User } from './entities/user.entity';

/** Who is calling, and how they proved it; a bearer token also says what it may do. */
export interface Viewer {
  user: User | null;
  via: 'cookie' | 'bearer' | null;
  scope?: ApiTokenScope;
}

export const anonymous: Viewer = { user: null, via: null };
