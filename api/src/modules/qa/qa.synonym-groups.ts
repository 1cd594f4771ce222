/**
 * Words that stand in for each other in questions about a tabletop story: players ask "who is
 * guarding the lantern?" of "she will keep it safe", "who captured the goblin?" of "she catches
 * the goblin by the ankle", "who has he been working for?" of "he serves the lich". One group a
 * line: verbs (base forms: the stemmer and qa.inflections.ts add the rest), then after "|" the
 * nouns and adjectives of the group. A word may sit in several groups.
 *
 * Verbs group loosely (a story says an act many ways); nouns only with true synonyms, never with
 * a broader word: "dragon" must not be found in "monster", or a question about a dragon the story
 * never had would be answered from any monster (qa.retrieval.ts declines it instead).
 */
export const GROUPS = `
keep guard protect hold safeguard secure defend shield watch | safe safety guardian keeper protector custody
capture catch seize grab nab arrest trap snare kidnap abduct tackle subdue | captive prisoner hostage capture
steal rob snatch take pilfer pocket swipe loot burgle | theft thief robber burglar
take grab pick carry fetch collect gather bring lift
carry haul drag
serve work obey follow worship heed | servant minion agent lackey henchman thrall underling loyal loyalty employer
hire employ recruit enlist contract | mercenary employer
betray deceive trick cheat backstab double-cross | traitor betrayal treachery deception
revive resurrect rise raise return awaken wake reanimate | alive life undead resurrection
return come go | back home
heal cure mend restore | healing
kill slay murder execute assassinate slaughter behead stab die | dead death corpse killer murderer assassin
defeat beat kill shoot fall overcome vanquish conquer | victory
die perish fall | dead death
destroy smash shatter break wreck crush ruin topple demolish | rubble ruin
burn ignite torch scorch | fire flame blaze
extinguish douse quench smother pour | water
flee escape run retreat vanish disappear bolt | escape
go travel head ride sail journey walk march leave depart venture trek | trip voyage
arrive reach enter approach | arrival
cross ford row sail swim wade | ferry bridge
sneak creep slip skulk tiptoe infiltrate prowl | stealth stealthy
find discover uncover locate search unearth recover spot
see spot notice witness glimpse observe watch
meet greet visit encounter
tell say speak warn inform whisper explain reveal report announce claim admit confess shout yell | message news warning
sing hum chant | song tune ballad melody
ask question inquire interrogate
want ask demand request require charge need desire wish seek crave | price
pay reward compensate tip bribe | payment price fee wage reward bounty cost toll fare
buy purchase sell trade barter exchange | deal bargain merchant trader
give hand deliver offer present gift grant donate | gift
promise offer pledge vow swear owe | oath promise
free rescue release save liberate unchain | rescue
open unlock pry
lock imprison confine jail | cage chain prison prisoner cell jail dungeon
hide conceal stash bury tuck | secret hiding
attack ambush bite strike assault charge burst fight battle clash duel hit | attack
plan plot intend scheme | ritual plan
summon conjure invoke raise | ritual
live dwell stay reside inhabit lodge | home lair hideout den
lead rule command govern | leader boss chief master ruler
thank praise | thanks gratitude
| name call
| boat ferry ship raft barge skiff vessel canoe
| treasure loot chest coin gem jewel hoard
| money gold silver copper platinum coin piece payment reward fee price wage bounty purse
| king queen ruler lord monarch
| monster beast creature
| witch hag sorceress crone
| wizard mage sorcerer warlock magician
| dragon wyrm drake wyvern
| spirit ghost wraith specter spectre phantom shade
| zombie ghoul undead skeleton
| village town hamlet settlement
| inn tavern pub alehouse
| temple chapel shrine church sanctuary
| priest priestess cleric monk acolyte
| cave cavern grotto
| castle fortress citadel stronghold fort
| forest wood woods grove
| swamp marsh bog fen mire
| river stream creek brook
| lake pond loch
| mountain peak summit
| road path trail
| letter note message scroll
| map chart
| cloak cape robe mantle
| sword blade weapon dagger
| potion elixir vial flask draught
| necklace amulet pendant locket talisman
| lantern lamp
| spell magic incantation
| friend ally companion
| enemy foe rival nemesis
| merchant trader peddler shopkeeper vendor
| fight battle combat brawl skirmish
`
  .trim()
  .split('\n')
  .map((line) => {
    const [verbs, others = ''] = line.split('|');
    const split = (words: string) => words.split(' ').filter(Boolean);
    return { verbs: split(verbs), words: [...split(verbs), ...split(others)] };
  });

/**
 * Who does what, named: "who stole the crown?" is answered by "a thief named Corvo" as well as
 * by "Corvo stole it". One verb group a line, its doers after ":"; for a who-question they count
 * as the verb itself.
 */
export const DOERS = `
steal rob: thief robber burglar
kill murder slay assassinate: killer murderer slayer assassin
guard keep protect: guardian keeper protector
capture kidnap abduct: captor kidnapper
rescue save free: rescuer saviour savior
betray: traitor betrayer
serve: servant
hire employ: employer
lead rule command: leader ruler commander
buy: buyer
sell: seller
heal: healer
hunt: hunter
summon: summoner
sing: singer bard
own: owner
attack ambush: attacker
`
  .trim()
  .split('\n')
  .map((line) => {
    const [verbs, doers] = line.split(':');
    return { verbs: verbs.trim().split(' '), doers: doers.trim().split(' ') };
  });
