/**
 * The SQL that writes a transcript line's Q&A search vector: its words, and the name of who said
 * it (a player's character; the GM narrates unnamed), so "What did Bram promise?" finds what Bram's
 * player said in the first person. In-game lines rank above table talk ('A' vs 'D' weight); both
 * stay findable. `row` is the transcript_segments row's name in the statement (null: no speaker).
 */
export const SEARCH_VECTOR = (text: string, tableTalk: string, row: string | null = 'transcript_segments') =>
  `setweight(to_tsvector('english', ${row ? `coalesce(${spokenBy(row)} || ' ', '') || ` : ''}${text}), ` +
  `(case when ${tableTalk} then 'D' else 'A' end)::"char")`;

/** SQL for the name a line's speaker goes by in the story (null for the GM and unknown voices). */
export const spokenBy = (row: string) =>
  `(select coalesce(spk.character_name, spk.player_name, spk.label) from campaign_speakers spk
    join sessions spk_session on spk_session.campaign_id = spk.campaign_id
    where spk_session.id = ${row}.session_id and spk.label = ${row}.speaker and spk.role <> 'GM')`;
