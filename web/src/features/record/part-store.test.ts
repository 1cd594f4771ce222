import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedPart } from './part-store';

/*
 * IndexedDB is fake-indexeddb's, an implementation of the standard in memory: a fresh factory per
 * test is a fresh browser profile. The module keeps one store per page, so "opening the page again"
 * is loading the module again over the same factory.
 */
const openPage = async () => {
  vi.resetModules();
  return (await import('./part-store')).partStore();
};

const part = (recordingId: string, segment: number, number: number, text = `${recordingId}/${segment}/${number}`) => ({
  recordingId,
  segment,
  number,
  blob: new Blob([text], { type: 'audio/webm' }),
});

const listed = async (parts: QueuedPart[]) =>
  Promise.all(parts.map(async (p) => [p.recordingId, p.segment, p.number, await p.blob.text()]));

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('partStore', () => {
  it('lists waiting parts in sending order: recording, then segment, then number, as numbers', async () => {
    const store = await openPage();
    // Put out of order, with 10 after 9 and 2 (as text they would sort before).
    for (const p of [part('rec-b', 0, 1), part('rec-a', 10, 0), part('rec-a', 2, 10), part('rec-a', 2, 9)]) {
      await store.put(p);
    }
    expect(await listed(await store.all())).toEqual([
      ['rec-a', 2, 9, 'rec-a/2/9'],
      ['rec-a', 2, 10, 'rec-a/2/10'],
      ['rec-a', 10, 0, 'rec-a/10/0'],
      ['rec-b', 0, 1, 'rec-b/0/1'],
    ]);
  });

  it('keeps one copy of a part put twice, the later one', async () => {
    const store = await openPage();
    await store.put(part('rec', 0, 0, 'first try'));
    await store.put(part('rec', 0, 0, 'second try'));
    expect(await listed(await store.all())).toEqual([['rec', 0, 0, 'second try']]);
  });

  it('forgets a sent part and only that one', async () => {
    const store = await openPage();
    await store.put(part('rec', 0, 0));
    await store.put(part('rec', 0, 1));
    await store.put(part('rec', 1, 0));
    await store.delete(part('rec', 0, 1, 'bytes do not matter, the key does'));
    expect(await listed(await store.all())).toEqual([
      ['rec', 0, 0, 'rec/0/0'],
      ['rec', 1, 0, 'rec/1/0'],
    ]);
  });

  it('keeps the parts, bytes and all, when the page is opened again', async () => {
    const first = await openPage();
    const audio = new Uint8Array(4096).map((_, i) => (i * 13) & 0xff);
    await first.put({ recordingId: 'rec', segment: 0, number: 1, blob: new Blob([audio], { type: 'audio/webm' }) });
    await first.put(part('rec', 0, 0));

    const again = await openPage();
    expect(again).not.toBe(first);
    const parts = await again.all();
    expect(parts.map((p) => [p.segment, p.number, p.blob.type, p.blob.size])).toEqual([
      [0, 0, 'audio/webm', 7],
      [0, 1, 'audio/webm', audio.length],
    ]);
    expect(new Uint8Array(await parts[1].blob.arrayBuffer())).toStrictEqual(audio);
  });

  it('falls back to memory where IndexedDB is unavailable, in the same order', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = await openPage();
    await store.put(part('rec', 1, 0));
    await store.put(part('rec', 0, 10));
    await store.put(part('rec', 0, 9));
    await store.put(part('rec', 0, 9, 'again'));
    await store.put(part('rec', 0, 11));
    await store.delete(part('rec', 0, 11));
    expect(await listed(await store.all())).toEqual([
      ['rec', 0, 9, 'again'],
      ['rec', 0, 10, 'rec/0/10'],
      ['rec', 1, 0, 'rec/1/0'],
    ]);
    // Memory it is: a page opened again starts empty.
    expect(await (await openPage()).all()).toEqual([]);
  });
});
