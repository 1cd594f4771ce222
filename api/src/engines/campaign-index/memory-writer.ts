import type { EntryKind } from './kinds';

/** An index entry as a writer sees it: its name, kind and the sentences that mention it most. */
export interface EntryEvidence {
  key: string;
  name: string;
  kind: EntryKind;
  /** Sentences of lines everyone may read, the most telling first. */
  evidence: string[];
}

/** A session of the campaign as a writer sees it, in play order. */
export interface SessionStory {
  title: string;
  /** What happened, written from lines everyone may read (the session's moderate summary). */
  summary: string;
}

/** An open quest or promise a writer found, with the session (0-based, as given) it came up in. */
export interface WrittenThread {
  kind: 'quest' | 'promise';
  text: string;
  session: number;
}

/**
 * Writes the campaign's long-term memory in words: short descriptions of index entries and the
 * quests and promises still open. Optional: without one (the offline default) the index keeps its
 * extractive descriptions and the rule-based threads (open-threads.ts).
 */
export interface MemoryWriter {
  describe(entries: EntryEvidence[], opts?: { signal?: AbortSignal }): Promise<Map<string, string>>;
  openThreads(sessions: SessionStory[], opts?: { signal?: AbortSignal }): Promise<WrittenThread[]>;
}
