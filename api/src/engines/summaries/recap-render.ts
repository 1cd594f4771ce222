import { clock } from '../text/clock';
import { shorten } from '../text/shorten';
import type { Recap, RecapScene, RecapSentence } from './recap';
import { tellsStory } from './story';
import { VERY_SHORT_MAX } from './summarizer';

export interface RenderedRecap {
  brief: string;
  moderate: string;
  detailed: string;
  veryShort: string;
}

/** The brief recap's length in sentences. */
const BRIEF_MIN = 3;
const BRIEF_MAX = 6;
// The brief recap is read at a glance: whole clauses, not the fragments a long one can afford.
const BRIEF_MIN_WORDS = 8;
// A sentence told as said may still speak as someone at the table: not in a brief.
const FIRST_OR_SECOND_PERSON = /\b(?:I|I'm|I've|I'll|me|my|we|we're|us|our|you|you're|your)\b/i;

/** Text as HTML, for the summaries' fields (HTML allowed). */
export const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Sentences as prose, unpunctuated ones closed with a full stop. */
const prose = (sentences: RecapSentence[]) =>
  sentences.map((s) => (/[.!?…]["”')\]]*$/.test(s.text) ? s.text : `${s.text}.`)).join(' ');

const list = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** Whole words that tell the story (story.ts), not in quotes: what the brief and moderate recaps take. */
const telling = (s: RecapSentence) =>
  tellsStory(s.text) &&
  !/["“”]/.test(s.text) &&
  !FIRST_OR_SECOND_PERSON.test(s.text) &&
  s.text.split(/\s+/).length >= BRIEF_MIN_WORDS;

/** A scene's first telling sentence; else its first. */
function leadOf(scene: RecapScene): RecapSentence {
  return scene.happened.find(telling) ?? scene.happened[0];
}

/**
 * The brief recap: one sentence from each main scene, in the night's order; a night of fewer main
 * scenes lends their next telling sentences, so it still reads as three to six sentences where it has them.
 */
function briefSentences(scenes: RecapScene[], english: boolean): RecapSentence[] {
  const main = scenes.filter((s) => s.main);
  const picked = new Set<RecapSentence>(main.map(leadOf).filter(telling).slice(0, BRIEF_MAX));
  for (const pool of [main, scenes])
    for (const sentence of pool.flatMap((s) => s.happened.filter(telling)))
      if (picked.size < BRIEF_MIN) picked.add(sentence);
  // A night no sentence of which reads as told (another language): its main scenes' first sentences.
  // In another language the story test (English grammar) cannot tell: the main scenes' sentences in order.
  if (!english || !picked.size)
    for (const sentence of [...main.map(leadOf), ...main.flatMap((s) => s.happened)])
      if (picked.size < Math.max(BRIEF_MIN, Math.min(main.length, BRIEF_MAX))) picked.add(sentence);
  const order = scenes.flatMap((s) => [...s.happened]);
  return [...picked].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * A main scene in the moderate recap: its lead and the telling sentence after it, and what the brief
 * told of it (a night of one scene lends the brief three of its sentences: the moderate tells no less).
 */
function moderateSentences(scene: RecapScene, brief: ReadonlySet<RecapSentence>): RecapSentence[] {
  const lead = leadOf(scene);
  const next = scene.happened.slice(scene.happened.indexOf(lead) + 1).find(telling);
  return scene.happened.filter((s) => s === lead || s === next || brief.has(s));
}

/** A scene's facts beside its events: who took part, whom they met, where, what they found. */
function sceneFacts(scene: RecapScene): string[] {
  const facts: string[] = [];
  if (scene.people.length) facts.push(`<li><strong>With:</strong> ${escape(list(scene.people))}</li>`);
  if (scene.met.length) facts.push(`<li><strong>Met:</strong> ${escape(list(scene.met))}</li>`);
  const places = scene.where.filter((w) => w !== scene.title);
  if (places.length) facts.push(`<li><strong>Places:</strong> ${escape(list(places))}</li>`);
  if (scene.found.length) facts.push(`<li><strong>Found or decided:</strong> ${escape(prose(scene.found))}</li>`);
  return facts;
}

/**
 * The three summaries as text (the spec's fields, HTML allowed), rendered from the recap: brief, a
 * paragraph following the main scenes; moderate, a paragraph per main scene; detailed, every scene
 * with its time, events, people, places and findings, then the threads left open.
 */
export function renderRecap(recap: Recap, language = 'en'): RenderedRecap {
  const english = language === 'en';
  const told = recap.scenes.filter((s) => s.happened.length);
  if (!told.length) return { brief: '', moderate: '', detailed: '', veryShort: '' };
  const briefTold = briefSentences(recap.scenes, english);
  const brief = escape(prose(briefTold));
  const inBrief = new Set(briefTold);
  const mainScenes = told.filter((s) => s.main);
  const moderate = (mainScenes.length ? mainScenes : told)
    .map((s) => `<p><strong>${escape(s.title)}.</strong> ${escape(prose(moderateSentences(s, inBrief)))}</p>`)
    .join('\n');
  const detailed = [
    ...recap.scenes.flatMap((s) => {
      const facts = sceneFacts(s);
      if (!s.happened.length && !facts.length) return [];
      return [
        `<h3>${escape(s.title)} (${clock(s.startMs, 1)})</h3>`,
        ...(s.happened.length ? [`<p>${escape(prose(s.happened))}</p>`] : []),
        ...(facts.length ? [`<ul>${facts.join('')}</ul>`] : []),
      ];
    }),
    ...(recap.threads.length
      ? ['<h3>Open threads</h3>', `<ul>${recap.threads.map((t) => `<li>${escape(t.text)}</li>`).join('')}</ul>`]
      : []),
  ].join('\n');
  return {
    brief,
    moderate,
    detailed,
    veryShort: shorten(briefSentences(recap.scenes, english)[0].text, VERY_SHORT_MAX),
  };
}
