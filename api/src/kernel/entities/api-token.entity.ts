import { Entity, Enum, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/** What a token may do: everything its user may, or only read (assistants over MCP, issue 29). */
export type ApiTokenScope = 'full' | 'read';

/** A personal bearer token for third-party GraphQL clients; the secret is shown once, only its hash kept. */
@Entity({ tableName: 'api_tokens' })
export class ApiToken extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string' })
  name!: string;

  /** First characters of the secret, so a user can tell tokens apart. */
  @Property({ type: 'string' })
  prefix!: string;

  @Property({ type: 'string', unique: true, hidden: true })
  secretHash!: string;

  @Enum({ type: 'string', items: ['full', 'read'], default: 'full' })
  scope: ApiTokenScope = 'full';

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;
}
