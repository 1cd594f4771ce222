import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation';
import { emailSchema } from '../accounts/account.schemas';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';

const subscribeSchema = z.object({ email: emailSchema });

/** Newsletter sign-ups from the landing page; public, and signing up twice is harmless. */
export class NewsletterService {
  constructor(private readonly em: EntityManager) {}

  async subscribe(email: unknown): Promise<void> {
    const input = parseInput(subscribeSchema, { email });
    const at = new Date();
    // Concurrent repeats race to the unique index; the loser simply finds the address already there.
    await this.em
      .createQueryBuilder(NewsletterSubscriber)
      .insert({ id: randomUUID(), createdAt: at, updatedAt: at, email: input.email })
      .onConflict('email')
      .ignore()
      .execute('run');
  }
}
