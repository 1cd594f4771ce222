/**
 * Irregular verbs, base form first: the stemmer makes "sing", "sang" and "sung" three lexemes, so
 * "who sang?" would miss "she stands up and sings". The forms of one verb are the same word
 * (qa.retrieval.ts matches them as the question's own). Left out: forms that are mostly another
 * word in a story ("ground" of grind, "wound" of wind, "lay" of lie, "meant" of mean) and verbs
 * of the stop list (be, have, do).
 */
const VERBS = `arise arose arisen|awake awoke awoken|bear bore borne|beat beaten|become became|begin began begun|
bend bent|bind bound|bite bit bitten|bleed bled|blow blew blown|break broke broken|breed bred|bring brought|
build built|burn burnt|buy bought|catch caught|choose chose chosen|cling clung|come came|creep crept|deal dealt|
dig dug|draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed|feel felt|
fight fought|find found|flee fled|fling flung|fly flew flown|forbid forbade forbidden|forget forgot forgotten|
forgive forgave forgiven|freeze froze frozen|get got gotten|give gave given|go went gone|grow grew grown|hang hung|
hear heard|hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lead led|leap leapt|leave left|lend lent|
light lit|lose lost|make made|meet met|overcome overcame|overtake overtook overtaken|overthrow overthrew overthrown|
pay paid|ride rode ridden|ring rang rung|rise rose risen|run ran|say said|see saw seen|seek sought|sell sold|
send sent|shake shook shaken|shine shone|shoot shot|shrink shrank shrunk|sing sang sung|sink sank sunk|sit sat|
slay slew slain|sleep slept|slide slid|sling slung|slink slunk|speak spoke spoken|spend spent|spin spun|spit spat|
spring sprang sprung|stand stood|steal stole stolen|stick stuck|sting stung|stride strode stridden|strike struck stricken|
swear swore sworn|sweep swept|swim swam swum|swing swung|take took taken|teach taught|tear tore torn|tell told|
think thought|throw threw thrown|tread trod trodden|understand understood|uphold upheld|wake woke woken|wear wore worn|
weave wove woven|weep wept|win won|withdraw withdrew withdrawn|withhold withheld|wring wrung|write wrote written`;

/** Each irregular verb as its forms, base form first. */
export const IRREGULAR_VERBS: string[][] = VERBS.split('|').map((forms) => forms.trim().split(' '));

/** Every form of an irregular verb but the base one: a verb by its form ("held", "stole"). */
export const IRREGULAR_FORMS = new Set(IRREGULAR_VERBS.flatMap((forms) => forms.slice(1)));
