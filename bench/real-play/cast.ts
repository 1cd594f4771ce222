/*
 * The cast as the game master names it on the campaign page (players → their characters, the GM
 * as GM): Critical Role's main players and the characters the fan wiki gives them, per campaign.
 * A guest or a label not here stays as the transcript names it, as it would for a group that
 * names only its regulars. Public facts about the show, not read from any episode's synopsis.
 */
import type { App } from '../ai-quality/app';

const GM = 'Matt';

/** Player label → character, for the episodes of each campaign (C1: Vox Machina, C2: the Mighty Nein). */
export const CASTS: Record<string, Record<string, string>> = {
  C1: {
    Laura: "Vex'ahlia",
    Liam: "Vax'ildan",
    Travis: 'Grog',
    Marisha: 'Keyleth',
    Taliesin: 'Percy',
    Sam: 'Scanlan',
    Ashley: 'Pike',
    Orion: 'Tiberius',
  },
  C2: {
    Laura: 'Jester',
    Liam: 'Caleb',
    Travis: 'Fjord',
    Marisha: 'Beau',
    Taliesin: 'Mollymauk',
    Sam: 'Nott',
    Ashley: 'Yasha',
  },
};

interface Voice {
  id: string;
  label: string;
}

/**
 * Names the campaign's voices as the episodes' campaign has them (the first episode's, when
 * episodes of both are imported together); returns the characters' names it gave.
 */
export async function nameCast(app: App, episodeIds: string[]): Promise<string[]> {
  const cast = CASTS[episodeIds[0].slice(0, 2)] ?? {};
  const { campaign } = await app.gql<{ campaign: { cast: Voice[] } }>(
    'query($id: ID!) { campaign(id: $id) { cast { id label } } }',
    { id: app.campaignId },
  );
  const named: string[] = [];
  for (const voice of campaign.cast) {
    const input = voice.label === GM ? { role: 'GM' } : cast[voice.label] ? { characterName: cast[voice.label] } : null;
    if (!input) continue;
    await app.gql('mutation($id: ID!, $input: SpeakerInput!) { updateSpeaker(id: $id, input: $input) { id } }', {
      id: voice.id,
      input,
    });
    if (cast[voice.label]) named.push(cast[voice.label]);
  }
  return named;
}
