import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Viewer } from '../../kernel/viewer';
import { Policy } from '../../policy/policy';
import { parseInput } from '../../kernel/validation';
import { SEARCH_VECTOR, TOGETHER_SEPARATOR } from '../../kernel/entities/search-vector';
import { announceCast, castTopicKey } from './cast-events';
import { mergeVoices, moveLines } from './cast-corrections';
import type { Reauthenticate, SessionUpdateSource } from '../../kernel/live-updates';
import { admitEach, type Delivery } from '../../kernel/live-updates';
import type { CastUpdate, Speaker } from './cast.type';
import { CampaignSpeaker, SpeakerRole } from '../../kernel/entities/speaker.entity';
import { SessionStatus } from '../../kernel/entities/session.entity';

export const CAST_MESSAGES = {
  nameTooLong: 'Names must be at most 80 characters',
  nothingToChange: 'Give a player name, a character name or a role to change',
} as const;

const name = z
  .string()
  .max(80, CAST_MESSAGES.nameTooLong)
  .transform((s) => s.replace(/\s+/g, ' ').trim() || null)
  .nullable()
  .optional();

const changeSchema = z
  .object({ playerName: name, characterName: name, role: z.nativeEnum(SpeakerRole).optional() })
  .refine((c) => c.playerName !== undefined || c.characterName !== undefined || c.role !== undefined, {
    message: CAST_MESSAGES.nothingToChange,
  });

export type SpeakerChange = z.input<typeof changeSchema>;

/**
 * How a speaker is named: the character, with the player in brackets where useful ("Lyra (Sam)");
 * the GM as "GM" when no character is set; the recording's label until the owner names them.
 */
export function speakerName(
  s: Pick<CampaignSpeaker, 'label' | 'playerName' | 'characterName' | 'role'>,
  withPlayer = true,
): string {
  const own = s.characterName ?? (s.role === SpeakerRole.GM ? 'GM' : s.playerName) ?? s.label;
  const player = s.playerName ?? (s.characterName || s.role === SpeakerRole.GM ? s.label : null);
  return withPlayer && player && player !== own ? `${own} (${player})` : own;
}

/** A speaker as the schema shows it. */
export const toSpeaker = (s: CampaignSpeaker): Speaker => ({
  id: s.id,
  label: s.label,
  playerName: s.playerName,
  characterName: s.characterName,
  role: s.role,
  displayName: speakerName(s),
});

/** A campaign's cast: who is who behind the speaker labels of its recordings. */
export class CastService {
  /** Per session, its campaign's cast by label; one query for all the sessions of a request. */
  private readonly castBySession = new DataLoader<string, Map<string, Speaker>>((ids) => this.loadCasts(ids));

  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly updates: SessionUpdateSource,
    /** Writes a session's summaries again, debounced (the transcripts feature knows how). */
    private readonly refreshSummaries: (sessionId: string) => Promise<void>,
  ) {}

  /** The cast of a campaign the viewer may read, in the order the voices were first heard. */
  async speakers(viewer: Viewer, campaignId: unknown): Promise<Speaker[]> {
    const { campaign } = await this.policy.readCampaign(viewer, campaignId);
    return (await castOf(this.em, campaign.id)).map(toSpeaker);
  }

  /** Who spoke a line (the line was read through the policy), or null where no speaker is known. */
  async speakerOf(line: { sessionId: string; speakerLabel: string | null }): Promise<Speaker | null> {
    if (!line.speakerLabel) return null;
    return (await this.castBySession.load(line.sessionId)).get(line.speakerLabel) ?? null;
  }

  private async loadCasts(sessionIds: readonly string[]): Promise<Map<string, Speaker>[]> {
    const rows = await this.em.execute<Array<SpeakerRow & { session_id: string; id: string }>>(
      `select s.id as session_id, c.id, c.label, c.player_name, c.character_name, c.role
       from sessions s join campaign_speakers c on c.campaign_id = s.campaign_id
       where s.id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify(sessionIds)],
    );
    const bySession = new Map<string, Map<string, Speaker>>(sessionIds.map((id) => [id, new Map()]));
    for (const r of rows) {
      const speaker = fromRow(r);
      bySession.get(r.session_id)?.set(r.label, { id: r.id, ...speaker, displayName: speakerName(speaker) });
    }
    return sessionIds.map((id) => bySession.get(id)!);
  }

  /**
   * The cast again whenever it changes, while the viewer may still read the campaign (checked
   * before every delivery, as the caller is now: a revoked share ends it with "not found").
   */
  async subscribe(
    viewer: Viewer,
    campaignId: unknown,
    reauthenticate: Reauthenticate,
  ): Promise<AsyncIterableIterator<Delivery<CastUpdate>>> {
    const { campaign } = await this.policy.readCampaign(viewer, campaignId);
    const changes = admitEach<{ campaignId: string }>(this.updates.subscribe(castTopicKey(campaign.id)), async () => {
      const em = this.em.fork();
      await new Policy(em).readCampaign(await reauthenticate(em), campaign.id);
    });
    // Each delivery reads the cast as it is now, on a fresh entity manager (nothing from a cache).
    const iterator: AsyncIterableIterator<Delivery<CastUpdate>> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        const next = await changes.next();
        if (next.done || 'refused' in next.value) return next as IteratorResult<Delivery<CastUpdate>>;
        const cast = (await castOf(this.em.fork(), campaign.id)).map(toSpeaker);
        return { done: false, value: { update: { campaignId: campaign.id, cast } } };
      },
      return: async () => (await changes.return!()) as IteratorResult<Delivery<CastUpdate>>,
    };
    return iterator;
  }

  /**
   * Owner only: names a speaker's player and character, or makes them the GM. Announced to
   * watchers; the summaries of the finished sessions they speak in (alone or with others) are
   * written again, since they tell who did what by these names ("Lyra casts a sleep spell", not
   * "sam casts…") and leave out the table's talk about its players by theirs.
   */
  async update(viewer: Viewer, speakerId: unknown, change: unknown): Promise<Speaker> {
    const speaker = await this.policy.ownSpeaker(viewer, speakerId);
    const parsed = parseInput(changeSchema, change);
    const names = () => [speaker.playerName, speaker.characterName, speaker.role].join('\n');
    const before = names();
    if (parsed.playerName !== undefined) speaker.playerName = parsed.playerName;
    if (parsed.characterName !== undefined) speaker.characterName = parsed.characterName;
    if (parsed.role !== undefined) speaker.role = parsed.role;
    await this.em.transactional(async (tx) => {
      // One cast change of a campaign at a time: two re-indexing one session at once would race
      // in the Q&A vocabulary trigger (each rebuilding the session's lexemes).
      await tx.execute('select id from campaigns where id = ? for update', [speaker.campaign.id]);
      await tx.flush();
      // Q&A finds a character by name in what their player said, alone or with others: those
      // lines take the new name.
      await tx.execute(
        `update transcript_segments t set search_vector = ${SEARCH_VECTOR('t.text', 't.table_talk', 't')}
         from sessions s where s.id = t.session_id and s.campaign_id = ? and ${SPOKEN_BY_VOICE}`,
        [speaker.campaign.id, speaker.label],
      );
      await announceCast(tx, speaker.campaign.id);
    });
    // Summaries tell a voice by its story name and leave out what names the player as themselves.
    if (names() !== before) {
      const sessions = await this.em.execute<Array<{ id: string }>>(
        `select s.id from sessions s where s.campaign_id = ? and s.status = ?
           and exists (select 1 from transcript_segments t where t.session_id = s.id and ${SPOKEN_BY_VOICE})`,
        [speaker.campaign.id, SessionStatus.READY, speaker.label],
      );
      await Promise.all(sessions.map((s) => this.refreshSummaries(s.id)));
    }
    return toSpeaker(speaker);
  }

  /** Owner only: `id`'s lines in every session go to `into`, which keeps its names; the cast afterwards. */
  async merge(viewer: Viewer, id: unknown, into: unknown): Promise<Speaker[]> {
    const [from, target] = [await this.policy.ownSpeaker(viewer, id), await this.policy.ownSpeaker(viewer, into)];
    await this.refreshAll(await mergeVoices(this.em, from, target));
    return (await castOf(this.em, target.campaign.id)).map(toSpeaker);
  }

  /** Owner only: lines of the speaker's campaign said by `speakerId` after all. */
  async moveLines(viewer: Viewer, lineIds: unknown, speakerId: unknown): Promise<Speaker> {
    const speaker = await this.policy.ownSpeaker(viewer, speakerId);
    await this.refreshAll(await moveLines(this.em, lineIds, speaker));
    return toSpeaker(speaker);
  }

  private async refreshAll(sessionIds: string[]): Promise<void> {
    await Promise.all(sessionIds.map((id) => this.refreshSummaries(id)));
  }
}

/** SQL: line `t` was said by the voice labelled ? (bound), alone or with others ("Sam and Marisha"). */
const SPOKEN_BY_VOICE = `? = any(array_append(regexp_split_to_array(t.speaker, '${TOGETHER_SEPARATOR}', 'i'), t.speaker))`;

/** The cast of a campaign (no access check: callers have made it). */
export function castOf(em: EntityManager, campaignId: string): Promise<CampaignSpeaker[]> {
  return em.find(CampaignSpeaker, { campaign: campaignId }, { orderBy: { createdAt: 'asc', label: 'asc' } });
}

/**
 * Adds the labels a session's recording brought that the cast does not have yet (the pipeline
 * calls this; labels already mapped keep their mapping, so it carries over to the new session).
 */
export async function addToCast(em: EntityManager, campaignId: string, labels: string[]): Promise<void> {
  const fresh = [...new Set(labels.filter(Boolean))];
  if (!fresh.length) return;
  await em.transactional(async (tx) => {
    const added = await tx.execute<{ id: string }[]>(
      `insert into campaign_speakers (id, created_at, updated_at, campaign_id, label)
       select gen_random_uuid(), now() + (n * interval '1 microsecond'), now(), ?, l
       from jsonb_array_elements_text(?::jsonb) with ordinality as t(l, n)
       on conflict (campaign_id, label) do nothing returning id`,
      [campaignId, JSON.stringify(fresh)],
    );
    if (added.length) await announceCast(tx, campaignId);
  });
}

/**
 * How summaries and Q&A name a voice: the character, else the player, else the label; the GM is
 * the narrator and goes unnamed (null: their lines name their own subjects).
 */
function storyName(s: Pick<CampaignSpeaker, 'label' | 'playerName' | 'characterName' | 'role'>): string | null {
  return s.role === SpeakerRole.GM ? null : (s.characterName ?? s.playerName ?? s.label);
}

/**
 * A voice as summaries tell it: its story name (null for the GM, who narrates unnamed), and the
 * player's and the recording's names for it.
 */
export interface StoryVoice {
  name: string | null;
  alsoKnownAs: string[];
}

/** Each voice of a session's campaign by its label (storyName). */
export async function storyNames(em: EntityManager, sessionId: string): Promise<Map<string, StoryVoice>> {
  const rows = await castOfSession(em, sessionId);
  const voices = new Map<string, StoryVoice>();
  for (const row of rows) {
    const name = storyName(fromRow(row));
    const others = [row.player_name, row.label].filter((n): n is string => !!n && n !== name);
    voices.set(row.label, { name, alsoKnownAs: [...new Set(others)] });
  }
  for (const row of rows) {
    const together = row.player_name || row.character_name ? undefined : togetherVoice(row.label, voices);
    if (together) voices.set(row.label, together);
  }
  return voices;
}

/**
 * A line several voices said together, labelled by them ("Sam and Marisha", "Laura, Travis and
 * Sam", as transcripts of real play write it), is told by their story names ("Scanlan and
 * Keyleth") once the cast names each of them; until then, by its label.
 */
function togetherVoice(label: string, voices: Map<string, StoryVoice>): StoryVoice | undefined {
  const parts = label.split(new RegExp(TOGETHER_SEPARATOR, 'i')).filter(Boolean);
  if (parts.length < 2) return undefined;
  const named = parts.map((part) => ({ part, voice: voices.get(part) }));
  if (named.some(({ part, voice }) => !voice?.name || voice.name === part)) return undefined;
  const names = named.map(({ voice }) => voice!.name!);
  return {
    name: `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`,
    alsoKnownAs: [...new Set([label, ...parts, ...named.flatMap(({ voice }) => voice!.alsoKnownAs)])],
  };
}

/** The cast of a session's campaign, as SQL reads it. */
function castOfSession(em: EntityManager, sessionId: string): Promise<SpeakerRow[]> {
  return em.execute<SpeakerRow[]>(
    `select c.label, c.player_name, c.character_name, c.role
     from sessions s join campaign_speakers c on c.campaign_id = s.campaign_id where s.id = ?`,
    [sessionId],
  );
}

/** A cast row as SQL reads it. */
export interface SpeakerRow {
  label: string;
  player_name: string | null;
  character_name: string | null;
  role: SpeakerRole;
}

export const fromRow = (r: SpeakerRow) => ({
  label: r.label,
  playerName: r.player_name,
  characterName: r.character_name,
  role: r.role,
});

/**
 * A full transcript as the owner sends it back, without the speaker names it was shown with
 * ("[00:01:02] Lyra (Sam): I pay" → "[00:01:02] I pay"): names are the cast's, not the text's.
 */
export async function withoutSpeakerNames(em: EntityManager, sessionId: string, text: string): Promise<string> {
  const rows = await castOfSession(em, sessionId);
  const names = new Set(rows.flatMap((r) => [speakerName(fromRow(r)), speakerName(fromRow(r), false), r.label]));
  if (!names.size) return text;
  return text.replace(/^(\s*\[[0-9:]+\]\s*)([^:\n]{1,200}):\s?/gm, (whole, time: string, name: string) =>
    names.has(name.trim()) ? time : whole,
  );
}
