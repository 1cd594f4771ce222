/**
 * Multi-word verbs said as one ("run away" is "fled", "look after" is "guarded"), so that the
 * related words of the one (qa.synonym-groups.ts) find the transcript's paraphrase and "away" is
 * not taken for a key word the story must say.
 */
export const PHRASES: Array<[RegExp, string]> = [
  [/\b(?:run|runs|ran|running|get|gets|got|getting|make|makes|made|making)\s+(?:away|off)\b/gi, 'fled'],
  [/\b(?:bring|brings|brought|bringing|tear|tore|torn|knock|knocked)\s+down\b/gi, 'destroyed'],
  [/\b(burn|burns|burned|burnt)\s+down\b/gi, '$1'],
  [/\b(?:turn|turns|turned|turning)\s+(?:on|against)\b/gi, 'betrayed'],
  [
    /\b(?:double[- ]cross(?:ed|es|ing)?|stab(?:s|bed|bing)?\s+\S+\s+in\s+the\s+back|sell|sells|sold|selling)\s+out\b/gi,
    'betrayed',
  ],
  [/\bfirst\s+(?:see|sees|saw|seen|meet|meets|met|encounter|encountered)\b/gi, 'met'],
  // Meeting someone ("ran into Sildar", "bumped into her"), not going in ("ran into the dark forest"):
  // case-sensitive, so a name's capital tells it.
  [
    /\b(?:[Rr]un|[Rr]uns|[Rr]an|[Bb]ump|[Bb]umped)\s+into(?=\s+(?:\p{Lu}|him\b|her\b|them\b|some(?:one|body)\b))/gu,
    'met',
  ],
  [/\b(?:set|sets)\s+fire\s+to\b/gi, 'burned'],
  [/\b(?:pick|picks|picked)\s+up\b/gi, 'took'],
  [/\b(?:hand|hands|handed)\s+over\b/gi, 'gave'],
  [/\b(?:look|looks|looked|looking)\s+for\b/gi, 'searched'],
  // Guarding: "keep the bell safe", "look after it", "watch over her", "stand guard".
  // "Safe" says how a thing is kept (an adverb, never key), not a thing the story must name.
  [/\b(keep|keeps|kept|keeping)\s+((?:[\p{L}'’]+\s+){0,3}?)safe\b/giu, '$1 $2safely'],
  [/\b(?:look|looks|looked|looking)\s+after\b/gi, 'guarded'],
  [/\b(?:take|takes|took|taken|taking)\s+care\s+of\b/gi, 'guarded'],
  [/\b(?:watch|watches|watched|watching)\s+over\b/gi, 'guarded'],
  [/\b(?:stand|stands|stood|standing|keep|keeps|kept|keeping)\s+guard\b/gi, 'guarded'],
  [/\b(?:stand|stands|stood|standing|keep|keeps|kept|keeping)\s+watch\b/gi, 'watched'],
  [/\b(?:work|works|worked|working)\s+(?:for|with)\b/gi, 'served'],
  [/\b(?:take|takes|took|taken|taking)\s+(?:prisoner|captive|hostage)\b/gi, 'captured'],
  [/\b(?:set|sets|setting)\s+free\b/gi, 'freed'],
  // Coming back: to life is rising again, otherwise returning.
  [
    /\b(?:come|comes|came|coming|bring|brings|brought|bringing)\s+back\s+(?:to|from)\s+(?:life|the\s+dead)\b/gi,
    'revived',
  ],
  [/\b(?:rise|rises|rose|risen|rising|return|returns|returned|returning)\s+from\s+the\s+dead\b/gi, 'revived'],
  [/\b(?:come|comes|came|coming|go|goes|went|gone|going|get|gets|got|getting)\s+back\b/gi, 'returned'],
  [/\b(?:put|puts|putting)\s+out\b/gi, 'extinguished'],
  [/\b(?:wake|wakes|woke|woken|waking)\s+up\b/gi, 'woke'],
  // "What became of the witch?" asks what happened to her: "become" is no word of the story.
  [/\b(?:become|becomes|became)\s+of\b/gi, 'happened to'],
];
