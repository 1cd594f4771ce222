import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from './user.entity';

/**
 * A browser sign-in (a login). The cookie holds a random token; only its SHA-256 is stored. The
 * table keeps its first name, login_sessions: renaming it would be a migration for a word.
 */
@Entity({ tableName: 'login_sessions' })
export class Login {
  @PrimaryKey({ type: 'string' })
  tokenHash!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'Date', columnType: 'timestamptz' })
  expiresAt!: Date;
}
