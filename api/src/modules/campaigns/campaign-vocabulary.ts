import type { EntityManager } from '@mikro-orm/postgresql';
import { parseVocabulary } from '../../engines/text/vocabulary';

/**
 * Whisper keeps at most 223 tokens of a prompt (half its 448-token text context, less one) and drops
 * the *start* of a longer one: the names that matter most would go first. An invented name is two to
 * four tokens and each separator one more, so 70 words stay well inside it on a rough count.
 */
export const PROMPT_MAX_WORDS = 70;

/** Where a campaign's names come from, each list in its own order of importance. */
export interface VocabularySources {
  /** The cast's character names: said at the table more than any other name. */
  characters: string[];
  /** The vocabulary field: what the GM typed, then the names the GM's line corrections added to it. */
  typed: string[];
  /** Index entries the GM confirmed (renamed, re-kinded, annotated or merged into), most mentioned first. */
  confirmed: string[];
  /** The players' own names, ordinary names speech-to-text mostly spells already. */
  players: string[];
}

/** What the pipeline gives speech-to-text and the name correction for a session of the campaign. */
export interface LearnedVocabulary {
  /** Every name, most important first (the name correction reads all of them). */
  names: string[];
  /** The names that fit Whisper's prompt, comma-separated; undefined when there are none. */
  prompt: string | undefined;
}

const wordsOf = (name: string) => name.split(/\s+/).filter(Boolean).length;

/** The sources' union without repeats (compared without case), in the order of VocabularySources' fields. */
export function unionOfNames(sources: VocabularySources): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of [...sources.characters, ...sources.typed, ...sources.confirmed, ...sources.players]) {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (!clean || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    names.push(clean);
  }
  return names;
}

/**
 * The leading names that fit `maxWords` words: a name that would not fit is skipped (a shorter
 * one after it may), so one long epithet does not push out the names behind it.
 */
export function promptNames(names: string[], maxWords = PROMPT_MAX_WORDS): string[] {
  const kept: string[] = [];
  let words = 0;
  for (const name of names) {
    const n = wordsOf(name);
    if (words + n > maxWords) continue;
    kept.push(name);
    words += n;
  }
  return kept;
}

export function learnedVocabularyOf(sources: VocabularySources, maxWords = PROMPT_MAX_WORDS): LearnedVocabulary {
  const names = unionOfNames(sources);
  const prompt = promptNames(names, maxWords).join(', ');
  return { names, prompt: prompt || undefined };
}

/**
 * The vocabulary the campaign has learned by the time one of its sessions is processed: the typed
 * field (with the names the GM corrected in lines, which TranscriptLineService appends to it), the
 * cast's names and the index entries the GM confirmed. Three small reads of the campaign's rows.
 */
export async function campaignVocabulary(em: EntityManager, sessionId: string): Promise<LearnedVocabulary> {
  const conn = em.getConnection();
  const [campaign] = await conn.execute<Array<{ id: string; vocabulary: string }>>(
    'select c.id, c.vocabulary from sessions s join campaigns c on c.id = s.campaign_id where s.id = ?',
    [sessionId],
  );
  if (!campaign) return { names: [], prompt: undefined };
  const cast = await conn.execute<Array<{ player_name: string | null; character_name: string | null }>>(
    `select player_name, character_name from campaign_speakers
     where campaign_id = ? and (player_name is not null or character_name is not null) order by created_at`,
    [campaign.id],
  );
  // Confirmed: an entry the GM edited and kept visible, or one the GM merged another into.
  const confirmed = await conn.execute<Array<{ name: string }>>(
    `select coalesce(x.name, e.name) as name from campaign_index_entries e
     left join campaign_index_edits x on x.campaign_id = e.campaign_id and x.key = e.key
     where e.campaign_id = ?
       and ((x.key is not null and not x.hidden and x.merged_into is null)
            or exists (select 1 from campaign_index_edits m where m.campaign_id = e.campaign_id and m.merged_into = e.key))
     order by e.mention_count desc, e.position`,
    [campaign.id],
  );
  return learnedVocabularyOf({
    characters: cast.flatMap((c) => (c.character_name ? [c.character_name] : [])),
    typed: parseVocabulary(campaign.vocabulary),
    confirmed: confirmed.map((c) => c.name),
    players: cast.flatMap((c) => (c.player_name ? [c.player_name] : [])),
  });
}
