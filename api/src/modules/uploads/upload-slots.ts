import type { Config } from '../../config/config';
import { DomainError } from '../../kernel/errors';

/**
 * Uploads in flight per user, counted in this process. With several api instances behind a load
 * balancer the cap holds per instance (a user could have instances × cap uploads at once): it is
 * there to stop one account from tying up a process's sockets, disk and ffprobe runs, which is a
 * per-process resource, and an in-process count can never outlive a crashed upload.
 */
export class UploadSlots {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes one of the user's slots, or refuses with 429; the returned function gives it back (once). */
  acquire(userId: string): () => void {
    const used = this.inFlight.get(userId) ?? 0;
    if (used >= this.max) throw tooManyUploads(this.max);
    this.inFlight.set(userId, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    };
  }
}

const slotsByConfig = new WeakMap<Config, UploadSlots>();

/** One counter per running server (its config), shared by every request it serves. */
export function uploadSlotsFor(config: Config): UploadSlots {
  let slots = slotsByConfig.get(config);
  if (!slots) slotsByConfig.set(config, (slots = new UploadSlots(config.UPLOAD_MAX_CONCURRENT_PER_USER)));
  return slots;
}

function tooManyUploads(max: number): DomainError {
  const uploads = max === 1 ? 'an upload' : `${max} uploads`;
  return new DomainError(
    'RATE_LIMITED',
    `You already have ${uploads} in progress. Please wait for one to finish before starting another.`,
    'audio',
  );
}
