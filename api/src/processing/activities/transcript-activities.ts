import { addToCast } from '../../modules/cast/cast.service';
import { isImported, speakersOfLines } from '../../modules/imports/imported-session';
import type { SessionProcessingActivities, SessionRef, SessionSource } from '@questlog/workflows';
import { TableTalkCorrectionService } from '../../modules/transcripts/table-talk-corrections.service';
import { TranscriptService } from '../../modules/transcripts/transcript.service';
import { correctToVocabulary, parseVocabulary } from '../../engines/text/vocabulary';
import { sessionLines, speakersOf } from '../../engines/transcript/session-lines';
import { chunks, fork, mapFailures, sessionState, withHeartbeat, type ProcessingDeps } from './activity-deps';

type TranscriptActivities = Pick<
  SessionProcessingActivities,
  'sessionSource' | 'assembleTranscript' | 'filterTableTalk' | 'summarizeSession' | 'indexTranscript'
>;

/**
 * An imported transcript's lines were stored with the file, as it wrote them (no vocabulary
 * correction: the file is what the group wrote); its speakers join the campaign's cast.
 */
async function castImportedSpeakers(deps: ProcessingDeps, sessionId: string): Promise<number> {
  const service = new TranscriptService(fork(deps));
  await addToCast(fork(deps), await service.campaignOf(sessionId), await speakersOfLines(fork(deps), sessionId));
  return (await service.texts(sessionId)).length;
}

/**
 * Assemble, filter, summarize and index: the engines do the work, TranscriptService and the
 * session row keep the results (activities stay thin shims between the two).
 */
export function transcriptActivities(deps: ProcessingDeps): TranscriptActivities {
  const transcripts = () => new TranscriptService(fork(deps));
  return {
    async sessionSource({ sessionId }: SessionRef): Promise<SessionSource> {
      return (await isImported(fork(deps), sessionId)) ? 'transcript' : 'audio';
    },

    async assembleTranscript({ sessionId }: SessionRef): Promise<number> {
      if (await isImported(fork(deps), sessionId)) return castImportedSpeakers(deps, sessionId);
      const transcribed = await chunks(deps).all(sessionId);
      const missing = transcribed.filter((c) => !c.done).map((c) => c.index);
      if (!transcribed.length || missing.length) throw new Error(`chunks not transcribed yet: ${missing.join(', ')}`);
      const heard = sessionLines(transcribed);
      const service = transcripts();
      await addToCast(fork(deps), await service.campaignOf(sessionId), speakersOf(heard));
      const vocabulary = parseVocabulary(await service.vocabularyOf(sessionId));
      const corrected = correctToVocabulary(heard, vocabulary).filter((l) => l.text.trim());
      const lines = deps.engines.tableTalk.separate?.(corrected) ?? corrected;
      await service.replaceLines(sessionId, lines);
      return lines.length;
    },

    async filterTableTalk({ sessionId }: SessionRef): Promise<number> {
      const service = transcripts();
      const texts = await service.texts(sessionId);
      // The owner's corrections in this campaign so far: a classifier that learns weighs them above its shared data.
      const corrections = await new TableTalkCorrectionService(fork(deps)).forSession(sessionId);
      const speakers = await service.speakerRoles(sessionId);
      const labels = await mapFailures(() =>
        withHeartbeat((signal) => deps.engines.tableTalk.classify(texts, { signal, corrections, speakers })),
      );
      await service.markTableTalk(
        sessionId,
        labels.map((l) => l.tableTalk),
      );
      return labels.filter((l) => l.tableTalk).length;
    },

    async summarizeSession({ sessionId }: SessionRef): Promise<void> {
      const service = transcripts();
      const inGame = await service.inGameLines(sessionId);
      // A model names the characters and spells the campaign's names as the group does.
      const context = {
        cast: speakersOf(inGame),
        vocabulary: parseVocabulary(await service.vocabularyOf(sessionId)),
      };
      const summaries = await mapFailures(() =>
        withHeartbeat((signal) => deps.engines.summarizer.summarize(inGame, { signal, context })),
      );
      await sessionState(deps).saveSummaries(sessionId, summaries);
    },

    async indexTranscript({ sessionId }: SessionRef): Promise<void> {
      await transcripts().index(sessionId);
    },
  };
}
