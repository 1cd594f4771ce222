import { Entity, Property } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

@Entity({ tableName: 'newsletter_subscribers' })
export class NewsletterSubscriber extends BaseEntity {
  /** Lower-cased; a repeated sign-up finds the existing row instead of adding one. */
  @Property({ type: 'string', unique: true })
  email!: string;
}
