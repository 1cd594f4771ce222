import { riffChunks } from './wav';

/*
 * Whether ffmpeg can check a recording from a pipe, judged by its first bytes. Two containers cannot
 * be with ffmpeg 5.1, and are checked from the stored file instead: MP4/M4A/MOV/3GP whose index
 * (`moov`) follows the samples, as most recorders write them ("partial file": ffmpeg cannot go back),
 * and WavPack (an invalid block at the end of every piped file).
 */

/** How far into the file the decision may look before giving up and reading the stored file. */
export const PIPE_DECISION_BYTES = 1024 * 1024;

/** ISO base media boxes that may open a file (QuickTime writes `wide`, `free` or `mdat` first). */
const OPENING_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'uuid', 'junk']);

/**
 * 'pipe' when ffmpeg can check the recording as it streams, 'file' when it needs the stored file,
 * undefined while `head` is too short to say (at PIPE_DECISION_BYTES or at the end: 'file').
 */
export function pipeInput(head: Buffer): 'pipe' | 'file' | undefined {
  if (head.length < 8) return undefined;
  if (head.toString('latin1', 0, 4) === 'wvpk') return 'file';
  if (!OPENING_BOXES.has(head.toString('latin1', 4, 8))) return 'pipe';
  return indexFirst(head);
}

/** Walks the top-level boxes: the index before the samples can be read from a pipe. */
function indexFirst(head: Buffer): 'pipe' | 'file' | undefined {
  let at = 0;
  while (at + 8 <= head.length) {
    const type = head.toString('latin1', at + 4, at + 8);
    if (type === 'moov') return 'pipe';
    if (type === 'mdat') return 'file';
    let size = head.readUInt32BE(at);
    if (size === 1) {
      if (at + 16 > head.length) return undefined;
      size = Number(head.readBigUInt64BE(at + 8));
    }
    // 0 runs to the end of the file: whatever it is, no index follows it.
    if (size === 0) return 'file';
    if (size < 8) return 'file';
    at += size;
  }
  return undefined;
}

/** Where a linear PCM WAV keeps its samples, and how many bytes make a second of them. */
export interface PcmLayout {
  dataOffset: number;
  /** The data chunk's declared size; null when the writer left it open (0 or 0xFFFFFFFF). */
  dataBytes: number | null;
  byteRate: number;
}

// WAVE_FORMAT_PCM, WAVE_FORMAT_IEEE_FLOAT, and WAVE_FORMAT_EXTENSIBLE naming either as its subformat.
const LINEAR_FORMATS = new Set([1, 3]);
const EXTENSIBLE = 0xfffe;

/**
 * The layout of a RIFF WAV holding linear PCM, when its header is in `head`; else undefined.
 * Such samples need no decoding: every byte sequence is valid PCM, so a decode pass finds nothing
 * that the header and the byte count do not already tell (length, a cut-off end), and on 1 GB it
 * costs a second of CPU.
 */
export function pcmLayout(head: Buffer): PcmLayout | undefined {
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') {
    return undefined;
  }
  let byteRate = 0;
  for (const { id, body, size } of riffChunks(head)) {
    if (id === 'fmt ' && body + 16 <= head.length) {
      const format = head.readUInt16LE(body);
      const sub = format === EXTENSIBLE && body + 26 <= head.length ? head.readUInt16LE(body + 24) : format;
      const [channels, sampleRate, blockAlign, bits] = [
        head.readUInt16LE(body + 2),
        head.readUInt32LE(body + 4),
        head.readUInt16LE(body + 12),
        head.readUInt16LE(body + 14),
      ];
      // A header that does not add up is left to ffmpeg, which reads it its own way.
      if (!LINEAR_FORMATS.has(sub) || !bits || blockAlign !== channels * Math.ceil(bits / 8)) return undefined;
      byteRate = sampleRate * blockAlign;
    }
    if (id === 'data') {
      if (!byteRate) return undefined;
      return { dataOffset: body, dataBytes: size === 0 || size === 0xffffffff ? null : size, byteRate };
    }
  }
  return undefined;
}

/** The length of the PCM samples among `size` bytes of the file, as a decode pass would measure it. */
export function pcmDurationMs(layout: PcmLayout, size: number): number {
  const present = Math.max(0, size - layout.dataOffset);
  const bytes = layout.dataBytes === null ? present : Math.min(layout.dataBytes, present);
  return Math.round((bytes / layout.byteRate) * 1000);
}
