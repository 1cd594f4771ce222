import type { RunResult } from '../../adapters/process/run-command';
import { AudioRejectedError } from './audio-errors';
import { CONTAINER_EDGE_BYTES, edgesEndEarly } from './container-end';
import { feedProcess, type FedProcess } from '../../adapters/process/fed-process';
import { pcmDurationMs, pcmLayout, type PcmLayout } from './pipe-input';
import { damageIn, decodeArgs, probeArgs, readDecode, readProbe, type AudioInfo } from './probe-audio';

/*
 * ffprobe needs only the start of a file: it reads up to its probesize (5 MB) and exits. Input
 * beyond this is not sent to it; its input ends here if it is still reading.
 */
const PROBE_BYTES = 8 * 1024 * 1024;

/**
 * probeAudio for a recording that is still arriving, run on the bytes as they pass, so the upload and
 * the decode overlap instead of following each other: ffprobe reads the start, a niced ffmpeg decodes
 * every byte, and each write waits for both (the slower paces the upload; nothing piles up in memory).
 * `refused` rejects with AudioRejectedError as soon as either finds the content unusable; `end` gives
 * the verdict. A linear PCM WAV is not decoded (pcmLayout); formats pipeInput stores, use probeAudio.
 */
export class PipedAudioCheck {
  /** Rejects (never resolves) once the content is found unusable before the end. */
  readonly refused: Promise<never>;
  private readonly probe: FedProcess;
  private readonly decode: FedProcess | null;
  private readonly pcm: PcmLayout | undefined;
  private refuse: (error: AudioRejectedError) => void = () => undefined;
  /** The refusal, once given. */
  private refusal?: AudioRejectedError;
  /** Settles once a failed decode has been judged (see refuseDamaged). */
  private judging?: Promise<void>;
  private size = 0;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  /** The latest chunks, just enough of them to hold the last CONTAINER_EDGE_BYTES. */
  private readonly tail: Buffer[] = [];
  private tailBytes = 0;

  /** `start`: the recording's first bytes, as far as pipeInput read them (they are written next). */
  constructor(start: Buffer) {
    this.refused = new Promise<never>((_, reject) => (this.refuse = reject));
    this.refused.catch(() => undefined);
    this.probe = feedProcess('ffprobe', probeArgs('pipe:0'));
    this.probe.exited.then(
      (result) => {
        const refusal = probeRefusal(result);
        if (refusal) this.stop(refusal);
      },
      () => undefined,
    );
    this.pcm = pcmLayout(start);
    this.decode = this.pcm ? null : this.startDecode();
  }

  /** Hands a chunk to ffprobe and ffmpeg; a promise while either is still busy with earlier ones. */
  write(chunk: Buffer): Promise<void> | undefined {
    this.remember(chunk);
    const waits: Array<Promise<void> | undefined> = [];
    if (this.probe.reading && this.size - chunk.length < PROBE_BYTES) {
      waits.push(this.probe.write(chunk));
      if (this.size >= PROBE_BYTES) this.probe.end();
    }
    waits.push(this.decode?.write(chunk));
    const pending = waits.filter((wait) => wait !== undefined);
    if (!pending.length) return undefined;
    return pending.length === 1 ? pending[0] : Promise.all(pending).then(() => undefined);
  }

  /**
   * The input is complete: waits for ffprobe and ffmpeg and judges as probeAudio does (the decode
   * gets `timeoutMs` to finish what is still in its pipe). Throws AudioRejectedError if unusable.
   */
  async end(timeoutMs = 10 * 60_000): Promise<AudioInfo> {
    if (this.size === 0) {
      await this.kill();
      throw new AudioRejectedError('empty');
    }
    this.probe.end(60_000);
    this.decode?.end(timeoutMs);
    // A refusal kills both processes: it, not their deaths, is the answer then.
    const exits = [this.probe.exited, this.decode?.exited].filter((exit) => exit !== undefined);
    const settled = await Promise.race([this.refused, Promise.allSettled(exits)]);
    // A decode killed for damage exits before ffprobe has said whether it is audio at all.
    await this.judging;
    if (this.refusal) throw this.refusal;
    const [probe, decode] = settled.map((outcome) => {
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    });
    const probed = readProbe(probe);
    const durationMs = decode ? readDecode(decode) : pcmDurationMs(this.pcm!, this.size);
    const edges = { head: Buffer.concat(this.head), tail: Buffer.concat(this.tail), size: this.size };
    edges.tail = edges.tail.subarray(Math.max(0, edges.tail.length - CONTAINER_EDGE_BYTES));
    if (edgesEndEarly(probed.formatName, edges)) throw new AudioRejectedError('corrupt', 'container ends early');
    if (!durationMs) throw new AudioRejectedError('silent');
    return { ...probed, durationMs, sizeBytes: this.size };
  }

  /**
   * Stops both processes (the upload failed or went away); settles once both have exited and
   * closed their pipes, for a caller that must leave nothing running behind it.
   */
  kill(): Promise<void> {
    this.probe.kill();
    this.decode?.kill();
    const exits = [this.probe.exited, this.decode?.exited].filter((exit) => exit !== undefined);
    return Promise.allSettled(exits).then(() => undefined);
  }

  private startDecode(): FedProcess {
    const decode = feedProcess('ffmpeg', decodeArgs('pipe:0'), {
      // Seconds of CPU for hours of audio: niced, as in probeAudio (see there).
      background: true,
      stdoutTail: 4096,
      onStderr: (stderr) => {
        const damage = damageIn(stderr);
        if (damage) this.refuseDamaged(damage);
      },
    });
    decode.exited.then(
      // Exiting before the input ends is fine when the container ended (a WAV's data chunk).
      (result) => result.code !== 0 && this.refuseDamaged(result.stderr.trim()),
      () => undefined,
    );
    return decode;
  }

  /**
   * The decode failed. ffprobe's verdict comes first, as in probeAudio: a text file is "not audio"
   * rather than "damaged", whichever process noticed first. It gets what it was sent so far.
   */
  private refuseDamaged(detail: string): void {
    const damaged = new AudioRejectedError('corrupt', detail);
    if (this.judging) return;
    this.decode?.kill();
    this.probe.end(60_000);
    this.judging = this.probe.exited.then(
      (result) => this.stop(probeRefusal(result) ?? damaged),
      () => this.stop(damaged),
    );
  }

  private stop(error: AudioRejectedError): void {
    this.refusal ??= error;
    this.refuse(error);
    void this.kill();
  }

  /** Keeps the first and the last CONTAINER_EDGE_BYTES: what edgesEndEarly reads. */
  private remember(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.headBytes < CONTAINER_EDGE_BYTES) {
      const part = Buffer.from(chunk.subarray(0, CONTAINER_EDGE_BYTES - this.headBytes));
      this.head.push(part);
      this.headBytes += part.length;
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tailBytes - this.tail[0].length >= CONTAINER_EDGE_BYTES) this.tailBytes -= this.tail.shift()!.length;
  }
}

function probeRefusal(probe: RunResult): AudioRejectedError | undefined {
  try {
    readProbe(probe);
    return undefined;
  } catch (err) {
    return err as AudioRejectedError;
  }
}
