import path from 'node:path';
import { findPcmData, BYTES_PER_MS } from '../audio/wav';
import { EngineError } from '../engine-error';
import { runCommand } from '../run-command';
import { lastEndMs, parsePocketSphinxWords } from './pocketsphinx-output';
import { segmentsFromWords, type ChunkTranscript, type SpeechToText, type TranscribeOptions } from './speech-to-text';

export interface PocketSphinxOptions {
  binary?: string;
  /** Holds en-us/ (acoustic model), en-us.lm.bin and cmudict-en-us.dict, as Debian installs them. */
  modelDir?: string;
  /** A pause this long starts a new segment. */
  segmentPauseMs?: number;
}

/**
 * Offline speech-to-text with CMU PocketSphinx. It has no prompt, so campaign vocabulary is
 * ignored: invented names are not in its dictionary anyway.
 */
export class PocketSphinxSpeechToText implements SpeechToText {
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly segmentPauseMs: number;

  constructor(options: PocketSphinxOptions = {}) {
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.segmentPauseMs = options.segmentPauseMs ?? 700;
  }

  async transcribe(chunkPath: string, options: TranscribeOptions = {}): Promise<ChunkTranscript> {
    const { signal, onProgress } = options;
    const durationMs = (await findPcmData(chunkPath)).bytes / BYTES_PER_MS;
    let pending = '';
    const result = await runCommand(
      this.binary,
      ['-infile', path.resolve(chunkPath), '-hmm', path.join(this.modelDir, 'en-us')]
        .concat(['-lm', path.join(this.modelDir, 'en-us.lm.bin')])
        .concat(['-dict', path.join(this.modelDir, 'cmudict-en-us.dict'), '-logfn', '/dev/null', '-time', 'yes']),
      {
        signal,
        // It runs at about 0.3x real time on one core; allow for a loaded machine.
        timeoutMs: 60_000 + 3 * durationMs,
        onStdout: (text) => {
          const lines = (pending + text).split('\n');
          pending = lines.pop() ?? '';
          const endMs = lastEndMs(lines.join('\n'));
          if (endMs !== undefined && durationMs > 0) onProgress?.(Math.min(1, endMs / durationMs));
        },
      },
    ).catch((error: Error) => {
      if (signal?.aborted) throw error;
      throw new EngineError('pocketsphinx', `PocketSphinx could not run: ${error.message}`, true, { cause: error });
    });
    if (result.code !== 0) {
      const detail = result.stderr.trim().split('\n').pop() ?? `exit code ${result.code}`;
      throw new EngineError('pocketsphinx', `PocketSphinx failed on ${path.basename(chunkPath)}: ${detail}`, false);
    }
    const words = parsePocketSphinxWords(result.stdout);
    onProgress?.(1);
    return {
      text: words.map((w) => w.word).join(' '),
      words,
      segments: segmentsFromWords(words, this.segmentPauseMs),
    };
  }
}
