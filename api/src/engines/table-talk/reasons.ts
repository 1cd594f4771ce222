import type { LabelledLine } from './labelled-lines';
import { wordCount } from '../text/tokenize';

/**
 * Why a line is table talk, in words the GM can check at a glance. Out of the game means talk about the
 * rules or the dice themselves, food, scheduling, breaks, a show's sponsors and the real world; a roll's
 * result or an action declared in the game's terms ("Twelve to hit", "I cast shield") is play.
 */
export const TABLE_TALK_REASONS = ['rules', 'dice', 'food', 'scheduling', 'break', 'sponsor', 'off-topic'] as const;
export type TableTalkReason = (typeof TABLE_TALK_REASONS)[number];

/** The mechanics a player asks about when they ask how the rules work, not what their character does. */
const MECHANIC =
  '(?:sneak attacks?|advantage|disadvantage|reactions?|bonus actions?|movement|concentration|' +
  'opportunity attacks?|saving throws?|spell slots?|proficiency|resistances?|cover|difficult terrain|flanking|crits?)';

/**
 * What each reason sounds like: the topic's own words and phrases, each one a thing a story world rarely
 * holds (pizza, a dice app, next Saturday) or a form only talk about the game takes ("we're playing fifth
 * edition", "do I get advantage?"). Words a fantasy story uses as often (bread, break, back, rule, sister)
 * count only in the phrases that make them table talk. Checked in this order: the first that says so wins.
 */
const CUES: Array<[TableTalkReason, RegExp]> = [
  [
    'sponsor',
    /\b(sponsor(?:s|ed)?|brought to you by|subscrib(?:e|ers?|ed)|patreon|twitch|youtube|merch|promo code|discount code|tuning in|twitter|instagram|live ?stream|the stream|the chat|chat ?room|donat\w+|charity|website|viewers?)\b/i,
  ],
  [
    'break',
    /\b((?:a |quick |short |the |take |taking |our |bathroom |\w+[- ]minute )break|break time|we're back|we are back|welcome back|i'm back|be right back|brb|bathroom|restroom|toilet|back in (?:five|ten|two|a (?:minute|sec(?:ond)?)|\d+))\b/i,
  ],
  [
    'scheduling',
    /\b((?:i'm|i am|we're|we are|you're|you are|sorry,? i'm) (?:so |a bit |a little |running )?late|next (?:week|session|time we play|saturday|sunday|monday|tuesday|wednesday|thursday|friday|month)|same time next|reschedul\w*|schedul\w*|calendar|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|this weekend|that weekend|(?:stop|end|wrap up|call it) (?:here |there )?for (?:tonight|today|the night)|call it a night|(?:great|good|first|last|next|this|that|the) session|o'clock|\d+ ?(?:pm|am)\b)/i,
  ],
  [
    'food',
    /\b(pizzas?|pepperoni|snacks?|chips|crisps|soda|pretzels?|popcorn|takeout|take-out|delivery|doordash|uber ?eats|fridge|microwave|garlic bread|thai|sushi|burritos?|tacos?|burgers?|fries|coffee|energy drink|candy|cookies|the food's here)\b/i,
  ],
  [
    'dice',
    /\b((?:my|these|those|real|new|physical|your) dice|dice (?:app|tray|jail|bag|roller|goblin|hate)|cursed dice|rolled off the table|cocked die)\b/i,
  ],
  [
    'rules',
    new RegExp(
      `\\b(rules? (?:lawyer|as written)|rulebook|the rules|house rules?|(?:that|this|the) rule (?:is|says|for|was)|edition|3\\.5|5e|pathfinder|handbook|phb|errata|homebrew|look (?:it|that) up|page \\d+|how does (?:that|it|\\w+) work|dungeon master\\w*|\\bdm\\b|role-?play\\w*|character sheets?|(?:my|your|his|her|their) character(?:'s)?|challenge rating|the campaign|this campaign|episodes?|stat block|hit points|spell list|level (?:up|\\d+)|(?:\\w+) levels?\\b(?= (?:which|is|are|right))|(?:do|does|can|could) \\w+\\b[^?]*\\b${MECHANIC}\\b[^?]*\\?)`,
      'i',
    ),
  ],
  [
    'off-topic',
    /\b(phones?|texting|texted|group chat|discord|mic|microphone|laptop|charger|wi-?fi|internet|email|e-mail|app|my (?:mom|mum|dad|aunt|uncle|neighbou?rs?|car|kids?|wife|husband|girlfriend|boyfriend|roommates?)|at work|after work|traffic|parking|driveway|netflix|tv|television|movie|documentary|the game last night|football|soccer|basketball|video games?|the couch|air conditioning|uber|the bus|the train station|airport|real life|in real life|irl)\b/i,
  ],
];

/** The reason a line's own words give, if any. */
export function reasonIn(text: string): TableTalkReason | undefined {
  return CUES.find(([, cue]) => cue.test(text))?.[0];
}

/**
 * Lines shorter than this whose words give a reason are table talk whatever the models say: a model
 * of words weighs "we're back" against everything else the line says, and real play's counts call
 * such lines play. Figures: docs/real-play.md#why-the-constants-are-what-they-are.
 */
export const SURE_REASON_WORDS = 25;

/**
 * The labels, with every line of under `SURE_REASON_WORDS` words that gives a reason marked table
 * talk: unless the campaign's owner corrected a line of that reason to play (a cyberpunk crew's
 * in-game phones and pizza couriers), whose corrections then decide through the models, or a model
 * is sure the line is play (`surelyPlay`): Whisper's "Mother Oriel kneels before a coffee on fire…"
 * (a coffin of iron) is narration to both (log odds -35 and -22), whatever "coffee" says.
 */
export function markSureAsides<T extends { tableTalk: boolean }>(
  lines: string[],
  labels: T[],
  corrections: LabelledLine[] = [],
  surelyPlay: (i: number) => boolean = () => false,
): T[] {
  const played = new Set(corrections.filter((c) => !c.tableTalk).map((c) => reasonIn(c.text)));
  return labels.map((label, i) => {
    if (label.tableTalk || wordCount(lines[i]) >= SURE_REASON_WORDS || surelyPlay(i)) return label;
    const reason = reasonIn(lines[i]);
    return reason && !played.has(reason) ? { ...label, tableTalk: true } : label;
  });
}

/**
 * Each marked line's reason: its own words', else the nearest one's in its run of marked lines (a
 * "Yeah, sure." in a talk about pizza is about pizza), else off-topic, the real world at large.
 */
export function reasonsFor(lines: string[], marked: boolean[]): Array<TableTalkReason | undefined> {
  const own = lines.map((line, i) => (marked[i] ? reasonIn(line) : undefined));
  return own.map((reason, i) => {
    if (!marked[i]) return undefined;
    if (reason) return reason;
    let [before, after] = [i - 1, i + 1];
    while (marked[before] || marked[after]) {
      const near = (marked[before] && own[before]) || (marked[after] && own[after]);
      if (near) return near;
      if (marked[before]) before--;
      else before = -1;
      if (marked[after]) after++;
      else after = lines.length;
    }
    return 'off-topic';
  });
}
