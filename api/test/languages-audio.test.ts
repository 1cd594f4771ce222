import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCampaign, createUser, type TestUser } from './factories';
import { speakNight } from './fixtures/languages/speak';
import { startProcessingApp, waitForStatus, type ProcessingTestApp } from './processing';
import { grantQaAccess } from './transcripts';
import { postForm } from './uploads';
import { sentencesOf } from '../src/engines/summaries/story-sentences';
import { SessionStatus } from '../src/kernel/entities/session.entity';
import type { RunningWorker } from '../src/worker/worker';

/*
 * Issue 48 point 6 from audio: a Spanish night spoken by espeak-ng's Spanish voices, uploaded by
 * an owner whose language is Spanish, through the real pipeline (the speech service's Whisper told
 * the owner's language, the offline summarizer, the index in Spanish): summaries at every length
 * made of whole sentences Whisper heard, and Spanish questions answered by the right line.
 */

const NIGHT = [
  { voice: 'es', text: 'El grupo llega a la aldea de Robledo al caer la noche.' },
  { voice: 'es+f3', text: 'Pregunto al posadero por el herrero desaparecido.' },
  { voice: 'es+m3', text: 'Compro una linterna y una cuerda en el mercado.' },
  { voice: 'es', text: 'En el bosque encontráis huellas de lobo junto al río.' },
  { voice: 'es', text: 'Dentro de la cueva duerme un oso enorme.' },
  { voice: 'es', text: 'El herrero está encerrado en una jaula de madera.' },
  { voice: 'es', text: 'El herrero os regala un martillo de plata como recompensa.' },
  { voice: 'es+m3', text: 'Volvemos a la aldea antes del amanecer.' },
];

// Whisper (base) hears espeak-ng's Spanish roughly and not the same way twice ("herrero" comes out
// "emero" or "héroe", "mercado" "mercamo"): the questions ask about the words it heard in every try.
const QUESTIONS: Array<[string, RegExp]> = [
  ['¿Cuál fue la recompensa?', /martillo.*recompensa/i],
  ['¿Qué había en la jaula?', /jaula/i],
  ['¿Qué hay en el bosque junto al río?', /bosque.*junto al río/i],
];

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { quote } } }`;
const UPDATE = `mutation($input: UpdateAccountFieldInput!) { updateAccountField(input: $input) { languageCode } }`;

let app: ProcessingTestApp;
let worker: RunningWorker;
let owner: TestUser;
let dir: string;
let sessionId: string;

beforeAll(async () => {
  app = await startProcessingApp();
  worker = await app.startWorker();
  owner = await createUser(app);
  await grantQaAccess(owner);
  await owner.client.gql(UPDATE, { input: { field: 'LANGUAGE_CODE', value: 'es' } });
  const campaignId = await createCampaign(owner, 'Robledo');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'night-es-'));
  const wav = await speakNight(dir, NIGHT);
  const uploaded = await postForm(owner.client, '/upload/', [
    { name: 'campaign_id', value: campaignId },
    { name: 'audio', value: { fileName: 'noche.wav', type: 'audio/wav', bytes: await fs.readFile(wav) } },
  ]);
  expect(uploaded.status).toBe(200);
  sessionId = uploaded.body.transcript_id;
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED], 400_000);
  expect(session.failureReason ?? null).toBeNull();
}, 480_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** What Whisper heard, line by line. */
async function heard(): Promise<string[]> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ text: string }>>('select text from transcript_segments where session_id = ? order by position', [
      sessionId,
    ]);
  return rows.map((r) => r.text);
}

/** A summary's sentences, scene labels, headings and "With:" lists left out (as in languages-e2e). */
function toldIn(summary: string | null | undefined): string[] {
  const html = summary ?? '';
  const paragraphs = /<p>/.test(html) ? [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]) : [html];
  return paragraphs.flatMap((p) =>
    sentencesOf(
      p
        .replace(/<strong>[^<]*<\/strong>/g, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

it('is heard in Spanish and summarised at every length in whole sentences of what was heard', async () => {
  const lines = await heard();
  // Heard as Spanish, not translated nor transliterated into English.
  expect(lines.join(' ')).toMatch(/la noche.*en el bosque.*jaula/i);
  // The summarizer ends a sentence Whisper left open ("… antes de la manifest") with a full stop.
  const closed = (sentence: string) => sentence.replace(/[.!?]$/, '');
  const heardSentences = lines.flatMap((l) => sentencesOf(l)).map(closed);
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY]);
  for (const summary of [session.briefSummary, session.moderateSummary, session.detailedSummary]) {
    const sentences = toldIn(summary);
    // Not empty, and no sentence cut (a brief of a night this short may be one sentence).
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    for (const sentence of sentences) expect(heardSentences).toContain(closed(sentence));
  }
});

it.each(QUESTIONS)('answers "%s" with the right line', async (question, line) => {
  const res = await owner.client.gql<{ ask: { found: boolean; citations: Array<{ quote: string }> } }>(ASK, {
    input: { sessionId, question },
  });
  const answer = res.body.data?.ask;
  if (!answer) throw new Error(JSON.stringify(res.body.errors));
  expect(answer.found).toBe(true);
  expect(answer.citations[0]?.quote).toMatch(line);
});
