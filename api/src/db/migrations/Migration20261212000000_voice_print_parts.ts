import { Migration } from '@mikro-orm/migrations';

/**
 * Voice prints that corrections teach (issue 49 point 3). A diarized session keeps its windows'
 * voice prints (a window a second of speech), so each speaker's part of the session is what the
 * windows of the lines they say now tell: a line moved or a voice merged changes whose part its
 * windows are. A print is the weighted mean of its speaker's parts, one per session, so a session
 * processed again replaces its part instead of adding one. The prints kept before parts become one
 * part without a session, weighing the sessions they had heard. All of it is personal data and goes
 * with the session, the speaker or the campaign.
 */
export class Migration20261212000000_voice_print_parts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "session_voice_windows" (
      "session_id" uuid not null references "sessions" ("id") on update cascade on delete cascade,
      "start_ms" int not null,
      "end_ms" int not null,
      "embedding" real[] not null);`);
    this.addSql(`create index "session_voice_windows_session_id_index" on "session_voice_windows" ("session_id");`);
    this.addSql(`create table "voice_print_parts" (
      "speaker_id" uuid not null references "campaign_speakers" ("id") on update cascade on delete cascade,
      "session_id" uuid null references "sessions" ("id") on update cascade on delete cascade,
      "embedding" real[] not null,
      "weight" real not null check ("weight" > 0),
      constraint "voice_print_parts_speaker_session_unique" unique nulls not distinct ("speaker_id", "session_id"));`);
    this.addSql(`create index "voice_print_parts_session_id_index" on "voice_print_parts" ("session_id");`);
    this.addSql(`insert into "voice_print_parts" ("speaker_id", "session_id", "embedding", "weight")
      select "id", null, array(select jsonb_array_elements_text("voice_print"->'embedding')::real),
             greatest(coalesce(("voice_print"->>'sessions')::real, 1), 1)
      from "campaign_speakers" where "voice_print" is not null;`);
    this.addSql(`alter table "campaign_speakers" drop column "voice_print";`);
  }

  override async down(): Promise<void> {
    // Back to one print per speaker: the parts' weighted mean, normalised as the column kept it.
    this.addSql(`alter table "campaign_speakers" add column "voice_print" jsonb null;`);
    this.addSql(`update "campaign_speakers" c
      set "voice_print" = jsonb_build_object('embedding', s."embedding", 'sessions', s."sessions")
      from (select "speaker_id", jsonb_agg(round(("total" / greatest("norm", 1e-9))::numeric, 5) order by "i") as "embedding",
                   max("sessions") as "sessions"
            from (select p."speaker_id", u."i", sum(u."e" * p."weight") as "total",
                         sqrt(sum(sum(u."e" * p."weight") ^ 2) over (partition by p."speaker_id")) as "norm",
                         (select round(sum(q."weight"))::int from "voice_print_parts" q
                          where q."speaker_id" = p."speaker_id") as "sessions"
                  from "voice_print_parts" p, unnest(p."embedding") with ordinality as u("e", "i")
                  group by p."speaker_id", u."i") sums
            group by "speaker_id") s
      where c."id" = s."speaker_id";`);
    this.addSql(`drop table "voice_print_parts";`);
    this.addSql(`drop table "session_voice_windows";`);
  }
}
