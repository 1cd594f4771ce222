import { STOP_WORDS } from '../text/tokenize';
import type { IndexLine } from './build-index';

/** A quest taken or a promise made in a session, and whether a later line settles it. */
export interface Thread {
  kind: 'quest' | 'promise';
  /** The sentence that opened it. */
  text: string;
  sessionId: string;
  lineId: string;
  /** The sentence that settled it, when one did. */
  resolvedBy: { text: string; sessionId: string; lineId: string } | null;
}

/*
 * The rules, each readable on its own so an owner can see why a line became a thread: a promise ("I
 * swear to …", "we'll find …") or a quest ("asks you to …", "the quest to …", "Find / Bring …"), settled
 * by a later sentence with a completing verb ("rescued", "kept our promise") that shares one of the
 * thread's topic words (its nouns and names).
 */
const PROMISE =
  /\b(?:i|we)\s+(?:promise|promised|swear|swore|vow|vowed|pledge|pledged|give you (?:my|our) word)\b|\b(?:i|we)(?:'ll| will| shall)\s+(?:find|bring|rescue|return|deliver|retrieve|recover|avenge|protect|escort|track down|hunt down|get back)\b/i;
const QUEST =
  /\b(?:asks?|asked|begs?|begged|hires?|hired|charges?|charged|tasks?|tasked|commissions?|commissioned|pays?|offers?)\s+(?:you|the party|us|them)\s+(?:to|with)\b|\b(?:quest|mission|task|bounty|contract)\s+(?:to|of|for)\b|\byou must\s+(?:find|bring|rescue|deliver|retrieve|recover|stop|destroy|kill|slay|defeat|return|protect|escort)\b|^(?:find|bring|rescue|deliver|retrieve|recover|return|escort|protect|stop|destroy|slay)\s+(?:the|my|our|her|his|their|me)\b/i;
const SETTLED =
  /\b(?:found|rescued|freed|returned|delivered|retrieved|recovered|killed|slain|slew|defeated|destroyed|avenged|completed|finished|fulfilled|escorted|handed over|hands over|brought back|brings back|(?:kept|keep|keeps) (?:our|my|his|her|their) (?:promise|word|oath|vow)|reward(?:s|ed) (?:you|the party|us))\b/i;

/** Words that say nothing about which thread a sentence is about. */
const GENERIC = new Set(
  (
    'promise promised swear swore vow vowed pledge word find bring rescue return deliver retrieve recover avenge ' +
    'protect escort track hunt get back ask asks asked beg hire hires hired task quest mission bounty contract ' +
    'must help want need go going will shall party you us them gold coins reward way back home day night time'
  ).split(' '),
);

const sentences = (text: string) => text.split(/(?<=[.?!])\s+/).filter((s) => s.trim());
const topic = (sentence: string) =>
  new Set(
    (sentence.toLowerCase().match(/[a-z][a-z']+/g) ?? [])
      .map((w) => w.replace(/'s$/, ''))
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !GENERIC.has(w)),
  );

/**
 * The quests and promises of a campaign's in-game lines (in order), each with the later sentence
 * that settled it, if any. Offline and rule-based: every thread is explained by the sentence that
 * opened it and the one that closed it.
 */
export function findThreads(lines: readonly IndexLine[]): Thread[] {
  const ordered = [...lines].sort((a, b) => a.sessionOrder - b.sessionOrder || a.position - b.position);
  const threads: Array<Thread & { words: Set<string> }> = [];
  for (const line of ordered) {
    for (const sentence of sentences(line.text)) {
      const settles = SETTLED.test(sentence);
      const words = topic(sentence);
      if (settles) {
        for (const thread of threads) {
          if (!thread.resolvedBy && [...thread.words].some((w) => words.has(w))) {
            thread.resolvedBy = { text: sentence.trim(), sessionId: line.sessionId, lineId: line.lineId };
          }
        }
      }
      const kind = PROMISE.test(sentence) ? 'promise' : QUEST.test(sentence.trim()) ? 'quest' : null;
      if (kind && !settles && words.size > 0) {
        threads.push({
          kind,
          text: sentence.trim(),
          sessionId: line.sessionId,
          lineId: line.lineId,
          resolvedBy: null,
          words,
        });
      }
    }
  }
  return threads.map(({ words: _words, ...thread }) => thread);
}
