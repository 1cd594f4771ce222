import { CREATURES, ITEMS, key, PLACES, stem, tokens } from '../summaries/event-score';
import type { QuestionKind } from './answer-type';

/** "What did X find / get / take …": a question that asks for the thing a verb of getting moves. */
const GETTING =
  /\b(find|found|get|got|take|took|taken|steal|stole|stolen|receive|received|buy|bought|give|gave|given|carry|carried|hold|held|grab|grabbed|loot|looted|win|won|pick|picked|bring|brought|keep|kept)\b/i;
const ARTICLE = /^(the|a|an|his|her|their|its|some|two|three|four|five|six|seven|eight|nine|ten)$/i;
const PLACE_PREPOSITION = /^(in|at|into|inside|under|behind|beyond|near|beneath|on|to|toward|towards)$/i;
const NUMBER =
  /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen)$/i;
/** Words a noun phrase does not run on into. */
const BREAK =
  /^(and|or|but|with|for|of|that|which|who|while|when|as|if|to|from|by|is|are|was|were|he|she|they|it|you|we|i)$/i;
const HAVING = /\b(has|have|had|keeps?|kept|holds?|held|guards?|guarded)\b/i;
const SPEECH = /^(says?|said|tells?|told|asks?|asked|whispers?|warns?|warned)$/i;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The words of the sentence's clause that holds word `at`, cut at the first punctuation after it. */
function runFrom(sentence: string, words: string[], at: number, most: number): string[] {
  const out: string[] = [];
  for (let i = at; i < words.length && out.length < most; i++) {
    if (i > at && BREAK.test(words[i])) break;
    out.push(words[i]);
  }
  // A comma or a full stop ends the phrase as written.
  const written = new RegExp(`\\b${out.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\W+')}`, 'i').exec(
    sentence,
  );
  if (!written) return out;
  const cut = written[0].search(/[,.;:!?]/);
  return cut > 0 ? (sentence.slice(written.index, written.index + cut).match(/\S+/g) ?? out) : out;
}

/**
 * The answer itself, as the quoted sentence says it, where the question asks for one: who → the
 * person (a name it adds to the question; else a role; else who said the line), where → the place
 * (its preposition and phrase), how many / how much → the number and what it counts, what did X
 * find / get / take → the thing. Undefined where the sentence holds none of it: the quote alone
 * answers then.
 */
export function shortAnswer(
  sentence: string,
  kind: QuestionKind,
  question: string,
  names: Set<string>,
  speaker?: string,
): string | undefined {
  const asked = new Set(tokens(question).flatMap((t) => [key(t), stem(t)]));
  const words = tokens(sentence);
  const fresh = (w: string) => !asked.has(key(w)) && !asked.has(stem(w));
  switch (kind) {
    case 'who': {
      // Asked who has it now, the one it was handed to: "… hands the chart to the harbourmaster".
      const to = HAVING.test(question) ? words.findIndex((w, i) => /^to$/i.test(w) && i > 0) : -1;
      if (to >= 0 && to + 2 < words.length && /^the$/i.test(words[to + 1]) && fresh(words[to + 2]))
        return capitalise(`the ${words[to + 2]}`);
      if (to >= 0 && to + 1 < words.length && names.has(key(words[to + 1])) && fresh(words[to + 1]))
        return words[to + 1];
      // The earliest person the sentence adds: a name (not a place's, "Cragmaw Castle"), or a role
      // with its article ("the goblins"); the doer is usually said first.
      let name: string | undefined;
      let nameAt = Infinity;
      for (let at = 0; at < words.length; at++) {
        // A name right after "says" is what was said, not who said it ("He says Oriel fled").
        const reported = SPEECH.test(words[at + 1] ?? '') || SPEECH.test(words[at - 1] ?? '');
        if (!names.has(key(words[at])) || !fresh(words[at]) || reported) continue;
        let end = at + 1;
        while (end < words.length && names.has(key(words[end])) && fresh(words[end])) end++;
        const span = words.slice(at, end);
        if (!span.some((w) => PLACES.has(stem(w)))) [name, nameAt] = [span.join(' ').replace(/['’]s$/, ''), at];
        if (name) break;
        at = end - 1;
      }
      const role = words.findIndex((w, i) => CREATURES.has(stem(w)) && fresh(w) && ARTICLE.test(words[i - 1] ?? ''));
      // "A smuggler named Merrick": the name, said right after its role.
      if (role > 0 && role + 2 < nameAt) return capitalise(`${words[role - 1]} ${words[role]}`.toLowerCase());
      if (name) return name;
      return speaker && fresh(speaker.split(/\s+/)[0]) ? speaker : undefined;
    }
    case 'where': {
      const at = words.findIndex(
        (w, i) =>
          PLACE_PREPOSITION.test(w) &&
          i + 1 < words.length &&
          (names.has(key(words[i + 1])) ||
            (ARTICLE.test(words[i + 1]) && words.slice(i + 2, i + 5).some((n) => PLACES.has(stem(n)) && fresh(n)))),
      );
      if (at < 0) return undefined;
      // "rides south to Port Azure": the place, without the "to" of going there.
      const phrase = runFrom(sentence, words, at, 6);
      return capitalise((/^(to|toward|towards)$/i.test(phrase[0]) ? phrase.slice(1) : phrase).join(' '));
    }
    case 'amount': {
      const at = words.findIndex((w) => NUMBER.test(w) && fresh(w));
      return at >= 0 ? capitalise(runFrom(sentence, words, at, 3).join(' ')) : undefined;
    }
    case 'what': {
      if (!GETTING.test(question)) return undefined;
      const at = words.findIndex((w) => ITEMS.has(stem(w)) && fresh(w));
      if (at < 0) return undefined;
      // Back to its article: "a silver key", "the old map".
      let from = at;
      for (let i = at - 1; i >= Math.max(0, at - 3); i--) {
        if (ARTICLE.test(words[i])) {
          from = i;
          break;
        }
        if (BREAK.test(words[i]) || !fresh(words[i])) break;
      }
      // On to the noun the first item word may only describe: "a silver key".
      let end = at;
      while (end + 1 < words.length && ITEMS.has(stem(words[end + 1])) && fresh(words[end + 1])) end++;
      return capitalise(words.slice(from, end + 1).join(' '));
    }
    default:
      return undefined;
  }
}
