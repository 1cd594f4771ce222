import { csrfToken, resetCsrfToken } from '../../lib/csrf';
import { partStore, type QueuedPart } from './part-store';

export interface UploaderState {
  /** Parts recorded but not yet accepted by the server. */
  waiting: number;
  /** The last attempt failed for a reason that passes (offline, server busy): retrying with backoff. */
  retrying: boolean;
  /** A part the server refused for good (the recording was finished meanwhile, …), in its words. */
  refused: string | null;
}

type Outcome = 'sent' | 'refused' | 'retry';

const MAX_BACKOFF_MS = 30_000;

/**
 * Sends recorded parts in order, one at a time, from the page's part store: a failed send is
 * retried with backoff (sooner when the browser comes back online), a part the server refuses
 * for good is dropped with its reason. The server stores each part once by number, so a part
 * sent twice (an answer lost on the way) does no harm.
 */
class PartUploader {
  private state: UploaderState = { waiting: 0, retrying: false, refused: null };
  private listeners = new Set<(state: UploaderState) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private wake: (() => void) | null = null;

  constructor() {
    window.addEventListener('online', () => this.wake?.());
  }

  subscribe(listener: (state: UploaderState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => void this.listeners.delete(listener);
  }

  async enqueue(part: QueuedPart): Promise<void> {
    await (await partStore()).put(part);
    await this.refreshCount();
    this.kick();
  }

  /** Starts sending whatever waits (parts a closed tab left behind included). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once no part of the recording waits any more (sent, or refused for good). */
  async drained(recordingId: string): Promise<void> {
    while ((await (await partStore()).all()).some((p) => p.recordingId === recordingId)) {
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** A part was refused for good: the user reads why. */
  refuse(message: string): void {
    this.set({ refused: message });
  }

  clearRefused(): void {
    this.set({ refused: null });
  }

  private async run(): Promise<void> {
    const store = await partStore();
    let backoff = 1_000;
    for (;;) {
      const [part] = await store.all();
      if (!part) return this.set({ retrying: false, waiting: 0 });
      const outcome = await send(part).catch((): Outcome => 'retry');
      if (outcome === 'retry') {
        this.set({ retrying: true });
        await this.pause(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        continue;
      }
      backoff = 1_000;
      await store.delete(part);
      this.set({ retrying: false });
      await this.refreshCount();
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async refreshCount(): Promise<void> {
    this.set({ waiting: (await (await partStore()).all()).length });
  }

  private set(patch: Partial<UploaderState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}

export const partUploader = new PartUploader();

/** One attempt: POST the part's bytes with the CSRF token. */
async function send(part: QueuedPart): Promise<Outcome> {
  const url = `/api/recordings/${part.recordingId}/segments/${part.segment}/parts/${part.number}/`;
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/octet-stream', 'X-CSRFToken': await csrfToken() },
    body: part.blob,
  });
  if (res.ok) return 'sent';
  const body = (await res.json().catch(() => ({}))) as { error?: unknown; code?: unknown };
  if (body.code === 'CSRF_FAILED') {
    resetCsrfToken();
    return 'retry';
  }
  // Signed out, timed out, too many requests or the server failing: all pass, so the part waits.
  if (res.status === 401 || res.status === 408 || res.status === 429 || res.status >= 500) return 'retry';
  partUploader.refuse(typeof body.error === 'string' ? body.error : 'A part of the recording was refused.');
  return 'refused';
}
