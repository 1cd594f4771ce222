/** One recorded part waiting to be sent: bytes `number` of segment `segment` of a recording. */
export interface QueuedPart {
  recordingId: string;
  segment: number;
  number: number;
  blob: Blob;
}

const DB_NAME = 'questlog-recording-parts';
const STORE = 'parts';

/**
 * Parts not yet sent, kept in IndexedDB so a closed tab, a crash or a lost connection loses
 * nothing recorded: they are sent when the page is open again. Falls back to memory where
 * IndexedDB is unavailable (some private windows).
 */
export interface PartStore {
  put(part: QueuedPart): Promise<void>;
  delete(part: QueuedPart): Promise<void>;
  /** Every waiting part, in sending order (recording, segment, number). */
  all(): Promise<QueuedPart[]>;
}

const key = (p: QueuedPart) => [p.recordingId, p.segment, p.number];

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: ['recordingId', 'segment', 'number'] });
  return request(open);
}

class IndexedDbPartStore implements PartStore {
  private db: Promise<IDBDatabase> | null = null;

  private async store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    this.db ??= openDatabase().catch((err: unknown) => {
      this.db = null;
      throw err;
    });
    return (await this.db).transaction(STORE, mode).objectStore(STORE);
  }

  async put(part: QueuedPart) {
    await request((await this.store('readwrite')).put(part));
  }

  async delete(part: QueuedPart) {
    await request((await this.store('readwrite')).delete(key(part)));
  }

  async all() {
    // Keys sort as arrays: by recording, then segment, then part number.
    return request((await this.store('readonly')).getAll() as IDBRequest<QueuedPart[]>);
  }
}

class MemoryPartStore implements PartStore {
  private parts: QueuedPart[] = [];

  async put(part: QueuedPart) {
    await this.delete(part);
    this.parts.push(part);
    this.parts.sort(
      (a, b) => a.recordingId.localeCompare(b.recordingId) || a.segment - b.segment || a.number - b.number,
    );
  }

  async delete(part: QueuedPart) {
    this.parts = this.parts.filter((p) => key(p).join('/') !== key(part).join('/'));
  }

  async all() {
    return [...this.parts];
  }
}

let shared: PartStore | null = null;

/** The page's one store of waiting parts. */
export async function partStore(): Promise<PartStore> {
  if (shared) return shared;
  try {
    const store = new IndexedDbPartStore();
    await store.all();
    shared = store;
  } catch {
    shared = new MemoryPartStore();
  }
  return shared;
}
