import { unauthenticated } from '../common/errors';
import type { Viewer } from './auth.service';
import type { User } from './user.entity';

/**
 * Authorization rules, in one module: resolvers and REST shims ask here instead of checking
 * inline. Feature issues add their own rules (campaign ownership, sharing) next to these.
 */
export function requireUser(viewer: Viewer): User {
  if (!viewer.user) throw unauthenticated('Please sign in to continue');
  return viewer.user;
}

/** Only the user a personal API token belongs to may see or revoke it. */
export function ownsApiToken(user: User, token: { user: { id: string } }): boolean {
  return token.user.id === user.id;
}
