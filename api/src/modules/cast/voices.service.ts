import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../../kernel/viewer';
import type { Policy } from '../../policy/policy';
import { SpeakerRole } from '../../kernel/entities/speaker.entity';
import { fromRow, speakerName, type SpeakerRow } from './cast.service';
import type { Speaker } from './cast.type';
import type { SessionVoice } from './voice.type';
import { VoicePrintStore } from './voice-prints';

type VoiceRow = SpeakerRow & {
  id: string;
  talk_ms: number;
  line_count: number;
  sample_ms: number;
  sample_line: string;
  closest: (SpeakerRow & { id: string }) | null;
};

/** The voices of a session for its GM to check, and the GM's wish that the campaign forget them. */
export class VoiceService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
  ) {}

  /** Owner only: each voice heard in the session, most talk first (recipients are refused). */
  async ofSession(viewer: Viewer, sessionId: unknown): Promise<SessionVoice[]> {
    const session = await this.policy.ownSession(viewer, sessionId);
    const rows = await this.em.execute<VoiceRow[]>(
      `select c.id, c.label, c.player_name, c.character_name, c.role,
              sum(t.end_ms - t.start_ms)::int as talk_ms, count(*)::int as line_count,
              (array_agg(t.start_ms order by t.end_ms - t.start_ms desc, t.start_ms))[1] as sample_ms,
              (array_agg(t.id order by t.end_ms - t.start_ms desc, t.start_ms))[1] as sample_line,
              (select jsonb_build_object('id', k.id, 'label', k.label, 'player_name', k.player_name,
                        'character_name', k.character_name, 'role', k.role)
                 from campaign_speakers k where k.id = c.closest_known_id) as closest
       from transcript_segments t
       join sessions s on s.id = t.session_id
       join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id = ?
       group by c.id
       order by talk_ms desc, c.created_at`,
      [session.id],
    );
    const heard = new Set(rows.map((r) => r.label));
    return rows.map((r) => ({
      speaker: speaker(r),
      talkSeconds: r.talk_ms / 1000,
      lineCount: r.line_count,
      sampleStartMs: r.sample_ms,
      sampleLineId: r.sample_line,
      // Offered until the GM names the voice; a voice heard in this same session is another person.
      closestKnown: r.closest && !named(r) && !heard.has(r.closest.label) ? speaker(r.closest) : null,
    }));
  }

  /**
   * Owner only: deletes the campaign's voice prints (personal data, docs/speakers.md); the cast's
   * names stay. Later sessions' voices start over as new speakers. How many prints there were.
   */
  async forgetPrints(viewer: Viewer, campaignId: unknown): Promise<number> {
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    return new VoicePrintStore(this.em).forget(campaign.id);
  }
}

const named = (r: SpeakerRow) => !!r.player_name || !!r.character_name || r.role === SpeakerRole.GM;

function speaker(r: SpeakerRow & { id: string }): Speaker {
  const s = fromRow(r);
  return { id: r.id, ...s, displayName: speakerName(s) };
}
