import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteLines, sentencesOf, type Passage, type PassageLine } from '../../engines/qa/answerer';
import { readsAsAside } from '../../engines/table-talk/sure-aside';
import { phoneticKey } from '../../engines/text/phonetic';
import { STOP_WORDS, words } from '../../engines/text/tokenize';
import { best, idf, linesHolding, pick, said, scoreWindows, termScores, type QueryTerm, type Window } from './qa.bm25';
import { campaignIndex, type QaIndex } from './qa.index';
import { relatedLexemes, type Related } from './qa.synonyms';
import { questionKind } from '../../engines/qa/answer-type';
import { isCommonWord } from '../../engines/text/english-words';
import { lexemeQuery, questionTerms, type QuestionTerm } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';

export { RETRIEVAL } from './qa.tuning';

/**
 * Where evidence may come from, and whether the viewer may read GM-only lines (`open`: they may
 * not, a recipient); decided by the policy before retrieval runs. A session is searched within
 * its campaign's index.
 */
export type RetrievalScope = ({ kind: 'session'; sessionId: string } | { kind: 'campaign' }) & {
  campaignId: string;
  open: boolean;
};

/** A passage with its relevance, best first. */
export interface RankedPassage extends Passage {
  score: number;
  lines: PassageLine[];
}

/** A question term as searched: its lexemes in the index, its weight, and how it was found. */
export interface Searched extends QueryTerm {
  term: QuestionTerm;
  present: boolean;
  /** Found only by how it sounds or is spelled: a misheard name, or another word that looks alike. */
  fuzzy: boolean;
}

/**
 * Finds the transcript passages that answer a question within a scope the caller may read: Okapi
 * BM25 over passages of RETRIEVAL.window consecutive lines (qa.bm25.ts), from the campaign's
 * in-memory indexes of what the viewer may read (qa.index.ts): the story's lines first, then table
 * talk where it alone says what is asked; for a recipient GM-only lines are in neither, so what a recipient is told is what they
 * would be told of the campaign without them. A word of the question the scope never says in any of its forms is
 * looked for by how it sounds (Whisper's spelling of a name) and then by its spelling.
 *
 * Declines when no passage found scores RETRIEVAL.minStrength of what a passage saying
 * every word of the question once would score (a key word the story never says counts as the
 * rarest word: it is what the question is about), calibrated on the real-play train questions
 * (answered) and the dev campaign's absent facts (declined); and when the thing a "which …"
 * question takes for granted is never said.
 */
export async function retrievePassages(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
): Promise<RankedPassage[]> {
  const story = await passagesOf(em, scope, question, false);
  // A story that fills the list answers first; ranking every line again then costs each question
  // as much as the story's own ranking (p95 39 -> 700 ms at a million words) for passages that
  // would mostly rank below it.
  if (story.length >= RETRIEVAL.topK) return story.slice(0, RETRIEVAL.topK);
  // Table talk only where it says what is asked and no passage of the story there does: ranked
  // with its words counted at RETRIEVAL.tableTalk, below a story line that says as much.
  const table = (await passagesOf(em, scope, question, true)).filter(
    (p) =>
      p.lines.some((l) => l.tableTalk && !l.aside) &&
      !story.some((s) => s.sessionId === p.sessionId && s.startMs < p.endMs && p.startMs < s.endMs),
  );
  return [...story, ...table].sort((x, y) => y.score - x.score).slice(0, RETRIEVAL.topK);
}

/** The passages of the story's lines, or (`all`) of every line the viewer may read. */
async function passagesOf(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
  all: boolean,
): Promise<RankedPassage[]> {
  const found = await rank(em, scope, question, all);
  if (!found || found.strength < (found.unsaid ? RETRIEVAL.minStrengthUnsaid : RETRIEVAL.minStrength)) return [];
  const { index, windows, present, ideal, things } = found;
  const asked = things.filter((s) => s.present);
  const saysAbout = (line: number) => asked.some((s) => said(index, s, line) > 0);
  const titles = await sessionTitles(
    em,
    windows.map((w) => index.sessions[index.session[w.start]]),
  );
  const passages = windows.map((w) => {
    // A line either side of the passage too, in its session: what the first line says may need
    // the one before it ("Captain Venn meets you on the steps." before "He says Oriel fled.").
    const from = Math.max(index.sessionStart[w.start], w.start - 1);
    const to = Math.min(index.sessionEnd[w.start], w.end + 1);
    const all = Array.from({ length: to - from }, (_, i): PassageLine => {
      const line = from + i;
      // A related word covers its share of the term.
      const held = present.map((s) => ({ s, tf: Math.min(1, said(index, s, line)) })).filter((h) => h.tf > 0);
      return {
        text: index.text[line].trim(),
        speaker: index.speaker[line] ?? undefined,
        startMs: index.startMs[line],
        endMs: index.endMs[line],
        coverage: held.reduce((sum, h) => sum + h.s.weight * h.tf, 0) / ideal,
        terms: held.map((h) => h.s.term.lexeme),
        // It says a thing asked about, or the line before it in its session does ("Sister Miriam
        // takes the lantern." "She promises to keep it safe.").
        about: held.some((h) => asked.includes(h.s)) || (line > index.sessionStart[w.start] && saysAbout(line - 1)),
        // Table talk that says nothing asked is no context for the story's lines around it.
        ...(index.tableTalk[line] ? { tableTalk: true, aside: held.length === 0 } : {}),
      };
    });
    // The passage ranks as a whole but quotes its lines holding words of the question, with the
    // line on either side when it goes on about what that line says (shares a word of substance):
    // the rest says none of it, and may be table talk the classifier missed ("The ring road was
    // completely jammed." before the party rides back with the bell). A line either side that does
    // not is still given as an aside: the answerer quotes it only to complete its lead ("I take the
    // ring." "Fenwick slips it onto his finger.").
    const own = (i: number) => i >= w.start - from && i < w.end - from && all[i].terms.length > 0;
    const first = all.findIndex((_, i) => own(i));
    const last = all.findLastIndex((_, i) => own(i));
    const lines = all.slice(Math.max(0, first - 1), last + 2);
    const edge = (l: PassageLine, next: PassageLine) =>
      l.aside || (!l.terms.length && !sharesSubstance(l.text, next.text));
    if (edge(lines[0], lines[1] ?? lines[0])) lines[0] = { ...lines[0], aside: true };
    const end = lines.length - 1;
    if (end > 0 && edge(lines[end], lines[end - 1])) lines[end] = { ...lines[end], aside: true };
    // A line that reads as an aside on its own is quoted only when the answer rests on it, not as
    // the context of another line, even where it holds a word of the question (while another is quoted).
    const asides = lines.map((l) => l.aside || readsAsAside(l.text));
    if (asides.includes(false)) asides.forEach((aside, i) => (lines[i] = { ...lines[i], aside }));
    const quoted = lines.filter((l) => !l.aside);
    const sessionId = index.sessions[index.session[w.start]];
    return {
      sessionId,
      sessionTitle: titles.get(sessionId) ?? '',
      startMs: quoted[0].startMs,
      endMs: quoted[quoted.length - 1].endMs,
      text: quoteLines(lines, (l) => !l.aside),
      lines,
      score: w.score,
      ...(quoted[0].tableTalk ? { tableTalk: true } : {}),
    };
  });
  await measureSentences(em, passages, present, asked, ideal);
  return passages;
}

/**
 * Each quoted line's sentences measured as the line is (coverage, terms, about), each read with who
 * said it: one round trip to PostgreSQL's English configuration, which stemmed the index. A
 * sentence goes on about what the one before it says, as a line does about the line before.
 */
async function measureSentences(
  em: EntityManager,
  passages: RankedPassage[],
  present: Searched[],
  asked: Searched[],
  ideal: number,
): Promise<void> {
  const lines = passages.flatMap((p) => p.lines);
  const split = lines.map((l) => sentencesOf(l.text));
  const texts = split.flatMap((sentences, i) =>
    sentences.map((text, k) => (k > 0 && lines[i].speaker ? `${lines[i].speaker} ${text}` : text)),
  );
  if (!texts.length) return;
  const rows = await em.getConnection().execute<Array<{ lexemes: string[] }>>(
    `/* qa:sentences */ select tsvector_to_array(to_tsvector('english', t)) as lexemes
     from jsonb_array_elements_text(?::jsonb) with ordinality as x(t, n) order by n`,
    [JSON.stringify(texts)],
  );
  let next = 0;
  lines.forEach((line, i) => {
    // The first sentence goes on about the line before only where the line itself says nothing asked.
    let before = line.about === true && !asked.some((s) => line.terms.includes(s.term.lexeme));
    line.sentences = split[i].map(() => {
      const lexemes = new Set(rows[next++].lexemes);
      const held = present
        .map((s) => ({
          s,
          tf: Math.min(
            1,
            s.lexemes.reduce((n, l, j) => n + (lexemes.has(l) ? s.shares[j] : 0), 0),
          ),
        }))
        .filter((h) => h.tf > 0);
      const own = held.some((h) => asked.includes(h.s));
      const about = own || before;
      before = own;
      return {
        coverage: held.reduce((sum, h) => sum + h.s.weight * h.tf, 0) / ideal,
        terms: held.map((h) => h.s.term.lexeme),
        about,
      };
    });
  });
}

const substance = (text: string) => words(text).filter((w) => w.length > 2 && !STOP_WORDS.has(w));

/** Whether two lines share a word that is not a function word. */
function sharesSubstance(a: string, b: string): boolean {
  const said = new Set(substance(b));
  return substance(a).some((w) => said.has(w));
}

/** What retrieval found: the best passages, and how strongly the best one answers (0..). */
export interface Ranked {
  index: QaIndex;
  searched: Searched[];
  present: Searched[];
  windows: Window[];
  /** What a passage saying each counted word of the question once would score. */
  ideal: number;
  /** The best BM25 score a passage found gets from the things and names asked, over what saying each once scores. */
  strength: number;
  /** A thing or name asked about is never said in the scope, nor anything that sounds or is spelled like it. */
  unsaid: boolean;
  /** The things and names asked about (all counted terms when the question has none). */
  things: Searched[];
}

/** The passages ranked by BM25, before any is declined; undefined when nothing can answer. */
export async function rank(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
  all = false,
): Promise<Ranked | undefined> {
  const terms = await questionTerms(em, question);
  if (!terms.length) return undefined;
  const index = await campaignIndex(em, scope.campaignId, scope.open, all);
  if (!index?.text.length) return undefined;
  const within = scope.kind === 'session' ? index.sessions.indexOf(scope.sessionId) : undefined;
  if (within === -1) return undefined;
  const words = await relatedLexemes(em);
  const who = questionKind(question) === 'who';
  const searched = terms.flatMap((term) => search(index, term, words, who));
  // "Which dragon burned down the village?" takes a dragon for granted: a story that never has
  // one cannot answer (a near spelling is not enough unless the word is a name).
  if (searched.some((s) => s.term.asked && s.term.key && !s.term.verb && (!s.present || (s.fuzzy && !s.term.name))))
    return undefined;
  const present = searched.filter((s) => s.present);
  if (!present.length) return undefined;
  const scored = scoreWindows(index, present, RETRIEVAL.window, within);
  const summaries = await summaryTies(em, index, scored, present, scope.open);
  const windows = pick(scored, RETRIEVAL.topK, (w) => summaries.get(index.sessions[index.session[w.start]]) ?? 0);
  if (!windows.length) return undefined;
  // A verb or a word about the table the story never says may be said otherwise; a thing or a
  // name it never says is what the question is about.
  const counted = searched.filter((s) => s.present || (s.term.key && !s.term.verb));
  const ideal = counted.reduce((sum, s) => sum + s.weight, 0);
  // How much of the things and names asked about a passage says, by BM25: verbs and words about
  // the table rank passages but are phrasing, and say nothing of what is asked. The most any
  // passage found says, not the first's: a verb's related words ("tells" for "warned") can rank
  // one that says none of it above one that does.
  const things = counted.some((s) => s.term.key && !s.term.verb)
    ? counted.filter((s) => s.term.key && !s.term.verb)
    : counted;
  const weight = things.reduce((sum, s) => sum + s.weight, 0);
  const strength = Math.max(
    ...windows.map((w) => termScores(index, things, w, RETRIEVAL.window).reduce((a, b) => a + b, 0) / weight),
  );
  const unsaid = things.some((s) => !s.present);
  return { index, searched, present, windows, ideal, strength, unsaid, things };
}

/**
 * A question term in the index: by its own forms, with the related words the scope says
 * (qa.synonyms.ts) at RETRIEVAL.related of an occurrence; else, a word that is not a name, by the
 * two words it joins (`compoundParts`); else by how it sounds, else by its spelling. Its weight is
 * the idf of all of them: "guard" said once is no rare word in a story that keeps and protects
 * things in twenty lines.
 */
function search(index: QaIndex, term: QuestionTerm, words: Related, who: boolean): Searched[] {
  const whole = searchWord(index, term, words, who);
  if ((whole.present && !whole.fuzzy) || term.name) return [whole];
  const parts = compoundParts(index, term.lexeme);
  if (!parts) return [whole];
  return parts.map((part) => searchWord(index, { ...term, word: part, lexeme: part }, words, who));
}

function searchWord(index: QaIndex, term: QuestionTerm, words: Related, who: boolean): Searched {
  const n = index.text.length;
  const said = (lexemes: string[]) => lexemes.filter((l) => index.postings.has(l));
  // Asked who did it, the doer is the deed itself: "who stole it?" is answered by "the thief".
  const doers = who ? (words.doers.get(term.lexeme) ?? []) : [];
  const own = said([term.lexeme, ...(words.forms.get(term.lexeme) ?? []), ...doers]);
  const related = said(words.related.get(term.lexeme) ?? []).filter((l) => !own.includes(l));
  const lexemes = [...own, ...related];
  const shares = [...own.map(() => 1), ...related.map(() => RETRIEVAL.related)];
  if (lexemes.length)
    return { term, lexemes, shares, weight: idf(n, linesHolding(index, lexemes)), present: true, fuzzy: false };
  const absent = { term, lexemes: [], shares: [], weight: idf(n, 0), present: false, fuzzy: false };
  if (term.lexeme.length < RETRIEVAL.minFuzzyLength) return absent;
  // A common verb the story never says is not looked for by its spelling: Whisper mishears words
  // as others that sound alike ("fairy" for "ferry"), while one spelled alike is another word
  // ("paid" is no "pair": the answer quoted "Korrin … pairs him"). Names, things and rarer words
  // are (a thing never said weighs on the decline, a verb does not).
  const near = nearest(index, term.lexeme, term.name || !term.verb || !isCommonWord(term.word));
  if (!near) return absent;
  return {
    term,
    lexemes: [near.lexeme],
    shares: [1],
    weight: idf(n, linesHolding(index, [near.lexeme])) * near.similarity,
    present: true,
    fuzzy: true,
  };
}

/**
 * The two words a word the scope never says was written apart as: a question's "warcamp" is the
 * transcript's "war camp" (CRD3's wiki and its transcripts; Whisper writes "spell book" and
 * "spellbook" alike). Both must be said, one right after the other (a space or a hyphen between),
 * in some line: "keep watch at the inn" holds no innkeeper, nor "war campaign" a warcamp.
 * The parts are then searched as words of their own, as decompounding does in retrieval.
 */
function compoundParts(index: QaIndex, lexeme: string): [string, string] | undefined {
  if (!/^[a-z]+$/.test(lexeme)) return undefined;
  for (let cut = RETRIEVAL.minCompoundPart; cut <= lexeme.length - RETRIEVAL.minCompoundPart; cut++) {
    const [first, second] = [lexeme.slice(0, cut), lexeme.slice(cut)];
    const [a, b] = [index.postings.get(first), index.postings.get(second)];
    if (!a || !b) continue;
    // The second part may end as its stem's word does ("war camps"), not go on into another word
    // ("war campaign" is no war camp).
    const apart = new RegExp(`\\b${first}[\\s-]+${second}[a-z]{0,3}\\b`, 'i');
    for (let i = 0, j = 0; i < a.lines.length && j < b.lines.length;) {
      if (a.lines[i] < b.lines[j]) i++;
      else if (a.lines[i] > b.lines[j]) j++;
      else if (apart.test(index.text[a.lines[i]])) return [first, second];
      else [i, j] = [i + 1, j + 1];
    }
  }
  return undefined;
}

/**
 * The index's lexeme that a word the scope never says most likely is: of those that sound alike
 * (phonetic.ts), the closest spelling; failing that, when `bySpelling`, a spelling at least
 * RETRIEVAL.minSimilarity alike (trigram similarity, as pg_trgm's). Its similarity, at least
 * RETRIEVAL.minSimilarity, scales the term's weight.
 */
function nearest(
  index: QaIndex,
  lexeme: string,
  bySpelling: boolean,
): { lexeme: string; similarity: number } | undefined {
  const byScore = (candidates: Iterable<string>, floor: number) => {
    let best: { lexeme: string; similarity: number } | undefined;
    for (const candidate of candidates) {
      const similarity = trigramSimilarity(lexeme, candidate);
      if (similarity >= floor && (!best || similarity > best.similarity)) best = { lexeme: candidate, similarity };
    }
    return best;
  };
  const key = phoneticKey(lexeme);
  const sounding = key.length >= RETRIEVAL.minSoundLength ? index.sounds.get(key) : undefined;
  const sound = sounding && byScore(sounding, 0);
  if (sound) return { lexeme: sound.lexeme, similarity: Math.max(sound.similarity, RETRIEVAL.minSimilarity) };
  if (!bySpelling) return undefined;
  // Spellings that begin alike and are about as long: a full scan of a large campaign's words
  // would cost more than the rest of the question.
  const alike = [...index.postings.keys()].filter((l) => l[0] === lexeme[0] && Math.abs(l.length - lexeme.length) <= 3);
  return byScore(alike, RETRIEVAL.minSimilarity);
}

const trigrams = (word: string) => {
  const padded = `  ${word} `;
  return new Set(Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3)));
};

/** pg_trgm's similarity: shared trigrams over all trigrams of the two words. */
function trigramSimilarity(a: string, b: string): number {
  const [x, y] = [trigrams(a), trigrams(b)];
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * Between passages that score the same, the one whose session's summaries say more of the
 * question (its terms' weights summed) comes first: a tie-breaker, never a hit by itself. Read
 * only when the best passages tie; a recipient is not told of summaries kept GM-only.
 */
async function summaryTies(
  em: EntityManager,
  index: QaIndex,
  windows: Window[],
  terms: Searched[],
  open: boolean,
): Promise<Map<string, number>> {
  const top = [...best(windows, 4 * RETRIEVAL.topK)].sort((a, b) => b.score - a.score).slice(0, 4 * RETRIEVAL.topK);
  const tied = top.filter((w, i) => top.some((o, j) => i !== j && Math.abs(o.score - w.score) < 1e-9));
  const ids = [...new Set(tied.map((w) => index.sessions[index.session[w.start]]))];
  if (ids.length < 2) return new Map();
  const said = terms.map(() => `case when qa_summary_vector @@ ?::tsquery then ?::float8 else 0 end`).join(' + ');
  const rows = await em.getConnection().execute<Array<{ id: string; weight: number }>>(
    `/* qa:summaries */ select id, ${open ? 'case when summaries_gm_only then 0 else' : ''} (${said}) ${open ? 'end' : ''} as weight
     from sessions where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
    [...terms.flatMap((t) => [t.lexemes.map(lexemeQuery).join(' | '), t.weight]), JSON.stringify(ids)],
  );
  return new Map(rows.map((r) => [r.id, Number(r.weight)]));
}

/** Titles as they are now: a rename does not change the index. */
async function sessionTitles(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
  const rows = await em
    .getConnection()
    .execute<Array<{ id: string; title: string }>>(
      `/* qa:titles */ select id, title from sessions where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify([...new Set(ids)])],
    );
  return new Map(rows.map((r) => [r.id, r.title]));
}
