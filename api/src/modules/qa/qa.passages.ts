import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteLines, sentencesOf, type PassageLine } from '../../engines/qa/answerer';
import { readsAsAside } from '../../engines/table-talk/sure-aside';
import { STOP_WORDS, words } from '../../engines/text/tokenize';
import { sessionTextSearchConfigSql } from '../../kernel/entities/search-vector';
import { said, type Window } from './qa.bm25';
import type { Ranked } from './qa.rank';
import type { RankedPassage, Searched } from './qa.scope';
import { RETRIEVAL } from './qa.tuning';

/**
 * The passages of one side of the ranking (qa.rank.ts): the story's, built of its in-game lines
 * only (table talk is not even the context of a story line), or the table's, of every line the
 * viewer may read. None when the side declines.
 */
export async function passagesOf(em: EntityManager, found: Ranked | undefined): Promise<RankedPassage[]> {
  if (!found || found.strength < (found.unsaid ? RETRIEVAL.minStrengthUnsaid : RETRIEVAL.minStrength)) return [];
  const { index, windows, present, ideal, things, story } = found;
  const asked = things.filter((s) => s.present);
  const saysAbout = (line: number) => asked.some((s) => said(index, s, line) > 0);
  const titles = await sessionTitles(
    em,
    windows.map((w) => index.sessions[index.session[w.start]]),
  );
  // The story's side reads past table talk, as if the session had none.
  const kept = (line: number) => !story || !index.tableTalk[line];
  const step = (line: number, by: 1 | -1, w: Window) => {
    let at = line + by;
    while (at >= index.sessionStart[w.start] && at < index.sessionEnd[w.start] && !kept(at)) at += by;
    return at >= index.sessionStart[w.start] && at < index.sessionEnd[w.start] ? at : undefined;
  };
  const passages = windows.map((w) => {
    // A line either side of the passage too, in its session: what the first line says may need
    // the one before it ("Captain Venn meets you on the steps." before "He says Oriel fled.").
    const inside = Array.from({ length: w.end - w.start }, (_, i) => w.start + i).filter(kept);
    const [before, after] = [step(w.start, -1, w), step(w.end - 1, 1, w)];
    const at = [...(before === undefined ? [] : [before]), ...inside, ...(after === undefined ? [] : [after])];
    const all = at.map((line, i): PassageLine => {
      const previous = i > 0 ? at[i - 1] : step(line, -1, w);
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
        about: held.some((h) => asked.includes(h.s)) || (previous !== undefined && saysAbout(previous)),
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
    const own = (i: number) => at[i] >= w.start && at[i] < w.end && all[i].terms.length > 0;
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
    // Stemmed as the index was: with the campaign owner's language's configuration (one campaign's passages).
    `/* qa:sentences */ select tsvector_to_array(to_tsvector(coalesce(${sessionTextSearchConfigSql('?')}, 'english'), t)) as lexemes
     from jsonb_array_elements_text(?::jsonb) with ordinality as x(t, n) order by n`,
    [passages[0].sessionId, JSON.stringify(texts)],
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
