import type { SessionProcessingActivities, SessionRef, SessionSource } from '@questlog/workflows';
import { parseVocabulary } from '../engines/text/vocabulary';
import { spokenLanguage } from '../modules/accounts';
import { assembleLines } from '../engines/transcript/assemble';
import { speakersOf } from '../engines/transcript/session-lines';
import { mapFailures, withHeartbeat, type ProcessingDeps } from './activity-runtime';

type TranscriptActivities = Pick<
  SessionProcessingActivities,
  'sessionSource' | 'assembleTranscript' | 'filterTableTalk' | 'summarizeSession' | 'indexTranscript'
>;

/**
 * Assemble, filter, summarize and index: the engines do the work, TranscriptService and the
 * session row keep the results (activities stay thin shims between the two).
 */
export function transcriptActivities(deps: ProcessingDeps): TranscriptActivities {
  return {
    async sessionSource({ sessionId }: SessionRef): Promise<SessionSource> {
      return (await deps.services().importedFrom(sessionId)) ? 'transcript' : 'audio';
    },

    async assembleTranscript({ sessionId }: SessionRef): Promise<number> {
      const services = deps.services();
      const { transcripts } = services;
      const campaignId = await transcripts.campaignOf(sessionId);
      // An imported transcript's lines were stored with the file, as it wrote them (no vocabulary
      // correction: the file is what the group wrote); its speakers join the campaign's cast.
      const format = await services.importedFrom(sessionId);
      if (format) {
        await services.addToCast(campaignId, await services.speakersOfLines(sessionId));
        const stored = await transcripts.heardLines(sessionId);
        // A plain-text file's line is a speaker's whole turn, and a long one may open with an aside
        // before the story ("So, anyway, let's recap last week. So the party…"): cut like heard
        // lines. Subtitle cues keep the file's own times and cuts, so an export reads back as it came.
        const lines = format === 'text' ? (deps.engines.tableTalk.separate?.(stored) ?? stored) : stored;
        if (lines.length !== stored.length) await transcripts.replaceLines(sessionId, lines);
        return lines.length;
      }
      // Every name the campaign learned, not only those that fit Whisper's prompt.
      const { names } = await services.vocabulary(sessionId);
      const { lines, speakers } = assembleLines(
        await services.chunks.all(sessionId),
        names,
        (heard) => deps.engines.tableTalk.separate?.(heard) ?? heard,
      );
      await services.addToCast(campaignId, speakers);
      await transcripts.replaceLines(sessionId, lines);
      return lines.length;
    },

    async filterTableTalk({ sessionId }: SessionRef): Promise<number> {
      const { transcripts, tableTalkCorrections } = deps.services();
      const texts = await transcripts.texts(sessionId);
      // The owner's corrections in this campaign so far: a classifier that learns weighs them above its shared data.
      const corrections = await tableTalkCorrections.forSession(sessionId);
      const speakers = await transcripts.speakerRoles(sessionId);
      const labels = await mapFailures(() =>
        withHeartbeat((signal) => deps.engines.tableTalk.classify(texts, { signal, corrections, speakers })),
      );
      await transcripts.markTableTalk(
        sessionId,
        labels.map((l) => l.tableTalk),
      );
      return labels.filter((l) => l.tableTalk).length;
    },

    async summarizeSession({ sessionId }: SessionRef): Promise<void> {
      const { transcripts, sessionState } = deps.services();
      const inGame = await transcripts.inGameLines(sessionId);
      // A model names the characters and spells the campaign's names as the group does, in the group's language.
      const context = {
        cast: speakersOf(inGame),
        vocabulary: parseVocabulary(await transcripts.vocabularyOf(sessionId)),
        language: spokenLanguage((await sessionState.source(sessionId)).languageCode),
      };
      const summaries = await mapFailures(() =>
        withHeartbeat((signal) => deps.engines.summarizer.summarize(inGame, { signal, context })),
      );
      await sessionState.saveSummaries(sessionId, summaries);
    },

    async indexTranscript({ sessionId }: SessionRef): Promise<void> {
      await deps.services().transcripts.index(sessionId);
    },
  };
}
