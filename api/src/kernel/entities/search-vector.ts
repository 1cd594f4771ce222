import { textSearchConfigSql } from '../../engines/text/text-search-config';

/**
 * The SQL that writes a transcript line's Q&A search vector: its words, and the name of who said
 * it (a player's character; the GM narrates unnamed), so "What did Bram promise?" finds what Bram's
 * player said in the first person. In-game lines rank above table talk ('A' vs 'D' weight); both
 * stay findable. `row` is the transcript_segments row's name in the statement (null: no speaker).
 * Words are stemmed with the text-search configuration of the campaign owner's language
 * (engines/text/text-search-config), found by `session`, the SQL of the line's session id.
 */
export const SEARCH_VECTOR = (
  text: string,
  tableTalk: string,
  row: string | null = 'transcript_segments',
  session: string = `${row ?? 'transcript_segments'}.session_id`,
) =>
  `setweight(to_tsvector(coalesce(${sessionTextSearchConfigSql(session)}, 'english'::regconfig), ` +
  `${row ? `coalesce(${spokenBy(row)} || ' ', '') || ` : ''}${text}), ` +
  `(case when ${tableTalk} then 'D' else 'A' end)::"char")`;

/** SQL for the configuration a session's lines are indexed with: its campaign owner's language. */
export const sessionTextSearchConfigSql = (sessionId: string) =>
  `(select ${textSearchConfigSql('tsc_owner.language_code')}
    from sessions tsc_session
    join campaigns tsc_campaign on tsc_campaign.id = tsc_session.campaign_id
    join users tsc_owner on tsc_owner.id = tsc_campaign.owner_id
    where tsc_session.id = ${sessionId})`;

/**
 * Between the voices of a label several said together ("Sam and Marisha", "Laura, Travis and Sam",
 * as transcripts of real play write it). The same pattern in JavaScript and PostgreSQL (flag i),
 * without "?" or groups: SQL binds "?", and JavaScript's split returns what a group captures.
 */
export const TOGETHER_SEPARATOR = String.raw`\s*,\s*and\s+|\s*,\s*|\s+and\s+|\s+&\s+`;

/**
 * SQL for the name a line's speaker goes by in the story (null for the GM and unknown voices). A
 * label of several voices goes by its named voices' names ("Scanlan and Keyleth"), unless the
 * owner named the label itself.
 */
export const spokenBy = (row: string) =>
  `(select coalesce(spk.character_name, spk.player_name, ${togetherNames('spk')}, spk.label)
    from campaign_speakers spk
    join sessions spk_session on spk_session.campaign_id = spk.campaign_id
    where spk_session.id = ${row}.session_id and spk.label = ${row}.speaker and spk.role <> 'GM')`;

/**
 * The story names of a joint label's voices as the summaries tell them ("Scanlan, Keyleth and
 * Grog"; `togetherVoice` in modules/cast): null unless every voice is a player the cast names.
 */
const togetherNames = (spk: string) =>
  `(select regexp_replace(string_agg(coalesce(voice.character_name, voice.player_name), ', ' order by part.n),
      ', ([^,]*)$', ' and \\1')
    from regexp_split_to_table(${spk}.label, '${TOGETHER_SEPARATOR}', 'i') with ordinality as part(label, n)
    left join campaign_speakers voice on voice.campaign_id = ${spk}.campaign_id and voice.label = part.label
      and voice.role <> 'GM'
    having count(*) > 1
      and bool_and(coalesce(coalesce(voice.character_name, voice.player_name) <> part.label, false)))`;
