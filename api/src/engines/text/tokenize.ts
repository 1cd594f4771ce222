/** Lower-case word tokens; apostrophes stay inside words ("don't", "king's"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? [];
}

/** Words as written, parted by white space: how long a line is. */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The text's sentences, split at terminal punctuation (closing quotes and brackets stay with their
 * sentence), as written; unpunctuated text is one sentence.
 */
export const sentences = (text: string) => text.split(/(?<=[.!?…]["”')\]]*)\s+/).filter((s) => s.trim());

/** Common English function words that carry no topic; summaries rank sentences without them. */
export const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with from into onto over under up down out ' +
    'is are was were be been being am do does did have has had i me my we us our you your he him his ' +
    'she her it its they them their this that these those there here what which who whom whose when ' +
    'where why how all any each some no not just very can could will would shall should may might must ' +
    "as than too also only about again off once i'm it's you're we're they're don't can't that's let's"
  ).split(' '),
);
