/**
 * Word lists for telling a story event from talk around it (event-score.ts). They are written as
 * base forms plus the irregular ones ("fight fought"); the stemmer folds the regular -s, -es, -ed
 * and -ing forms. Broad on purpose: a session names creatures, places and deeds no hand-picked
 * fixture list foresees, and a missing verb or creature drops a key event out of the summary.
 */

/**
 * Verbs that move a story along. Left out: verbs every sentence at a table uses ("go", "get",
 * "make", "want", "think", "know", "look", "see", "use", "put"), and "roll", "check" and "drink",
 * which are the game's mechanics or the table's snacks.
 */
export const EVENT_VERBS = [
  // Fighting and hurting.
  'attack ambush assault battle fight fought strike struck hit punch kick slash stab shoot shot fire hurl throw threw',
  'thrown fling flung swing swung swipe smash crush bash slam cleave chop cut hack pierce impale skewer wound injure',
  'hurt maim kill slay slew slain murder assassinate execute behead strangle choke drown bite bit bitten claw gore',
  'trample tackle grapple wrestle pin shove knock topple parry block dodge deflect disarm defeat beat beaten rout',
  'overpower overwhelm subdue capture conquer besiege raid charge lunge pounce shatter break broke broken destroy ruin',
  'wreck explode blast blew blown collapse crumble burst sting stung whip lash bludgeon batter ram crash stomp',
  'swallow devour grip clutch grasp squeeze yank tug wrench tear tore torn rip shred slice sever splinter flank',
  'surround swarm stalk corner trip smother scorch sear singe pummel thrash hammer',
  // Moving and travelling.
  'arrive reach return enter leave left depart travel journey ride rode ridden sail row paddle swim swam wade walk',
  'march hike trek climb descend ascend cross run ran flee fled escape sneak creep crept crawl slip slid slide sprint',
  'dash rush hurry race gallop fly flew flown soar dive dove plunge jump leap leapt hop vault tumble fall fell fallen',
  'stumble drag haul carry lift hoist push pull follow chase pursue track hunt lead led guide escort approach',
  'retreat withdraw scatter scramble vanish disappear appear emerge wander roam explore scout patrol camp board dock',
  'land sink sank sunk float drift stand stood kneel knelt rise rose risen sit sat lie lay lain hang hung cling clung',
  'dangle bolt spring sprang sprung stride strode limp stagger lurch wheel turn spin burrow step pace storm',
  'barge duck crouch lurk tiptoe circle spill flow rest sleep slept settle stay hide awake hurtle',
  // Speaking, singing, deceiving.
  'say said tell told ask answer reply shout yell scream cry whisper mutter murmur sing sang sung chant pray curse',
  'swear swore sworn vow promise warn threaten beg plead explain admit confess reveal announce declare insist demand',
  'order command call greet thank praise mock taunt bluff deceive trick persuade convince bargain negotiate argue',
  'recite read write wrote written laugh sob weep wept hiss growl roar howl shriek wail moan sigh gasp hum accuse',
  'lied boast challenge introduce report inform claim describe sneer snarl snap bark chuckle giggle cackle',
  'grumble complain mumble stammer stutter preach teach advise urge bless nod smile grin frown shrug wave point',
  'signal beckon salute stare glare peer peek gaze glance listen whistle',
  // Dealing with others.
  'meet met join hire pay paid buy bought sell sold trade barter bribe offer reward give gave given lend lent borrow',
  'owe steal stole stolen rob loot plunder pillage ransom kidnap abduct free release rescue save help heal cure',
  'protect guard defend shelter betray serve obey rule crown marry bury kiss embrace welcome invite visit banish',
  'exile arrest imprison jail chain bind bound tie untie accept refuse agree deny forgive trust fear hate love die',
  'died dying dead spare surrender yield recruit ally befriend deliver send sent bring brought own',
  'belong live survive feed fed hug toast celebrate feast mourn grieve honor honour punish scold slap insult',
  'comfort console reassure intimidate blackmail extort cheat swindle win won lose lost',
  // Finding and handling things.
  'find found discover uncover unearth learn realize realise notice spot spy glimpse recognize recognise search',
  'investigate examine inspect study open unlock pick lock seal close shut pry force grab seize snatch take took',
  'taken catch caught hold held drop toss tossed hand keep kept store hid hidden dig dug light lit burn burnt',
  'extinguish douse pour fill wear wore worn don equip draw drew drawn sheathe wield brandish raise lower plant',
  'activate trigger touch press twist shake shook smell hear heard saw seen watch overhear overheard sketch copy',
  'decipher decode translate forge stash wrap smuggle pocket collect gather stuff load unload count rummage',
  'ransack sift excavate conceal cover unwrap bundle knot barricade bar tap pound fix repair mend build craft brew',
  'cook bake sew carve paint mark sign stamp',
  // Magic and the world changing.
  'cast conjure summon enchant hex charm transform polymorph teleport glow shimmer flicker awaken wake woke',
  'woken resurrect revive possess haunt ward dispel channel invoke sacrifice ring rang rung tremble quake',
  'crack split melt freeze froze frozen rot wither bleed bled erupt flood flash blaze smoke sprout grow grew',
];

/** Places a story happens in, fantasy and ordinary. */
export const PLACES = [
  'city town village hamlet settlement capital kingdom realm empire province border frontier fort fortress citadel',
  'stronghold castle palace tower spire lighthouse watchtower wall walls gate gates courtyard barracks armory armoury',
  'stable stables barn farm farmstead mill windmill orchard field fields meadow garden graveyard cemetery crypt tomb',
  'mausoleum catacomb catacombs ossuary sepulchre barrow cairn chapel church temple cathedral abbey monastery priory',
  'shrine sanctum sanctuary altar library archive observatory laboratory workshop forge smithy mine quarry shaft',
  'tunnel sewer well cistern cellar basement attic vault dungeon prison cell jail arena camp encampment outpost tent',
  'hut cabin cottage shack lodge manor mansion estate villa house home hall hallway corridor chamber room throne',
  'kitchen bedroom stairs staircase stairway balcony roof rooftop window door doorway portal bridge road path trail',
  'highway crossroads canyon gorge ravine chasm cliff cliffs ledge ridge peak summit mountain mountains hill hills',
  'valley vale dale glade clearing grove forest wood woods jungle desert dune dunes oasis plain plains steppe tundra',
  'glacier cave cavern grotto den lair nest hollow marsh swamp fen bog mire moor heath lake pond pool river stream',
  'creek brook ford waterfall shore coast beach bay cove harbor harbour port dock docks pier wharf quay ship boat',
  'ferry barge raft galleon deck island isle sea ocean market bazaar square plaza street alley inn tavern brewery',
  'shop warehouse guildhall guild ruins ruin shallows depths underworld underdark floor floorboard ceiling pit',
];

/** Things a party finds, wins, carries or loses. */
export const ITEMS = [
  'gold silver copper platinum coin coins purse pouch gem gems jewel jewels diamond ruby emerald sapphire pearl',
  'treasure hoard chest box crate barrel sack bag satchel key map letter note book tome journal diary ledger scroll',
  'parchment page deed contract ring amulet necklace pendant locket brooch bracelet crown circlet tiara sword blade',
  'longsword shortsword rapier sabre scimitar axe hatchet dagger knife spear lance halberd pike mace hammer warhammer',
  'flail club staff wand rod orb bow crossbow arrow arrows bolt quiver sling shield armor armour helm helmet gauntlet',
  'boots cloak robe mask lantern lamp torch candle bell horn drum flute lute harp relic idol statue statuette',
  'figurine egg potion elixir vial flask bottle poison antidote herb badge sigil seal banner flag artifact artefact',
  'crystal stone gemstone skull bone bones rope chain chains shackles cage coffin sarcophagus casket urn chalice',
  'goblet grail mirror painting portrait tapestry compass spyglass telescope hourglass lockpick disguise uniform',
  'wagon cart carriage saddle net trap',
];

/** Who else acts in a story besides named people: creatures, peoples, roles and titles. */
export const CREATURES = [
  'dragon drake wyrm wyvern goblin hobgoblin bugbear kobold orc troll ogre giant ettin cyclops minotaur centaur',
  'harpy griffon griffin gryphon hippogriff manticore chimera basilisk hydra cockatrice wolf wolves warg werewolf',
  'bear owlbear spider rat snake serpent viper crocodile shark kraken squid octopus eel beast monster creature undead',
  'skeleton zombie ghost ghoul ghast spirit spectre specter wraith banshee revenant mummy lich vampire demon devil',
  'fiend imp elemental golem gargoyle fey fairy faerie sprite pixie dryad nymph treant satyr hag witch wizard mage',
  'sorcerer sorceress warlock necromancer druid cleric paladin ranger rogue bard fighter barbarian cultist cult',
  'acolyte bandit brigand raider outlaw smuggler pirate thief assassin mercenary soldier guard sentry watchman',
  'knight squire king queen prince princess duke duchess count countess baron baroness lord lady emperor empress',
  'noble priest priestess monk nun abbot abbess bishop mother father brother sister mayor captain sheriff magistrate',
  'judge merchant trader peddler innkeeper barkeep bartender ferryman fisherman fishermen farmer miner blacksmith',
  'smith hunter woodcutter shepherd sailor crew servant maid butler steward herald messenger courier scout spy',
  'villager townsfolk peasant beggar orphan child children boy girl man woman men women stranger traveler',
  'traveller pilgrim hermit elder chief chieftain warlord general commander lieutenant sergeant elf elves dwarf',
  'dwarves halfling gnome tiefling human horse pony dog hound raven crow eagle hawk owl bat boar',
  'stag party adventurers heroes companions',
];

/** The game's mechanics: important at the table, never an event of the story. */
export const MECHANICS = [
  'roll rolled rolling initiative check checks advantage disadvantage perception stealth investigation insight',
  'athletics acrobatics persuasion deception intimidation survival arcana dice d20 d6 d8 d10 d12 modifier bonus',
  'natural nat plus minus dc ac hp damage',
];

/**
 * The world around the table: when one of these reaches a summary, the table-talk filter missed a
 * line, and the summary should not repeat the miss. Matched as written, not stemmed.
 */
export const OUT_OF_GAME = [
  'pizza pizzas chips snack snacks soda beer coffee drink phone charger bathroom toilet birthday homework',
  'job work meeting bus parking recap discord zoom handbook rulebook sheet session sessions host hosting weekend',
  'laptop mic microphone headset headphones wifi internet email netflix youtube uber takeout',
];

/** Words that open chatter, not narration. */
export const FILLER = [
  'okay ok alright right yes yeah yep no nope um uh hmm oh ah well so hey wait sorry damn dammit great nice cool',
  'sure thanks',
];

/** Capitalised words that open sentences without being names (STOP_WORDS aside). */
export const OPENERS = [
  'yes yeah no okay ok oh ah um uh hey well now so right sure maybe please thanks sorry wait look let hold alright',
  'actually anyway both every one two three four five six seven eight nine ten first next last after before',
  'because while unless until suddenly finally later meanwhile then soon once inside outside behind beyond',
  'without within across through near along around above below beneath under together roll make take give tell',
  'ask find keep try cast see thank good great nice dammit damn same another other everyone everybody anyone',
  'someone somebody nobody nothing something everything guys really probably definitely honestly seriously',
  'hopefully tonight today tomorrow yesterday',
];
