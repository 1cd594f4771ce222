import type { TranscriptLine } from '../transcript/lines';
import type { VoiceSegment } from './diarizer';
import { assignSpeakers, voiceAt } from './line-speakers';

const seg = (startMs: number, endMs: number, voice: string): VoiceSegment => ({ startMs, endMs, voice });
const words = (...spec: Array<[string, number, number]>) =>
  spec.map(([word, startMs, endMs]) => ({ word, startMs, endMs }));
const line = (w: ReturnType<typeof words>): TranscriptLine => ({
  startMs: w[0].startMs,
  endMs: w[w.length - 1].endMs,
  text: w.map((x) => x.word).join(' '),
  words: w,
});
const label = (voice: string) => voice.replace('SPEAKER_', 'Speaker ');

describe('voiceAt', () => {
  it('takes the voice that overlaps most, else the nearest', () => {
    const segments = [seg(0, 1000, 'A'), seg(1000, 3000, 'B'), seg(5000, 6000, 'A')];
    expect(voiceAt(segments, 800, 1500)).toBe('B');
    expect(voiceAt(segments, 3500, 3600)).toBe('B');
    expect(voiceAt(segments, 4800, 4900)).toBe('A');
    expect(voiceAt([], 0, 10)).toBeNull();
  });
});

describe('assignSpeakers', () => {
  const segments = [seg(0, 2000, 'SPEAKER_1'), seg(2100, 4000, 'SPEAKER_2')];

  it('gives a line the voice heard over it', () => {
    const one = line(words(['The', 0, 300], ['dragon', 300, 700], ['lands.', 700, 1200]));
    expect(assignSpeakers([one], segments, label)).toEqual([{ ...one, speaker: 'Speaker 1' }]);
  });

  it('cuts a line that holds two voices where the voice changes', () => {
    const both = line(
      words(
        ['The', 0, 300],
        ['dragon', 300, 800],
        ['lands.', 800, 1500],
        ['I', 2200, 2400],
        ['draw', 2400, 2900],
        ['my', 2900, 3100],
        ['sword.', 3100, 3800],
      ),
    );
    const cut = assignSpeakers([both], segments, label);
    expect(cut.map((l) => [l.speaker, l.text, l.startMs, l.endMs])).toEqual([
      ['Speaker 1', 'The dragon lands.', 0, 1500],
      ['Speaker 2', 'I draw my sword.', 2200, 3800],
    ]);
  });

  it('keeps a line whole when both of its voices are one speaker of the cast', () => {
    const both = line(
      words(
        ['Sorry,', 0, 400],
        ['everyone,', 400, 1500],
        ['the', 2200, 2400],
        ['road', 2400, 2900],
        ['was', 2900, 3100],
        ['jammed.', 3100, 3800],
      ),
    );
    expect(assignSpeakers([both], segments, () => 'Speaker 1')).toEqual([{ ...both, speaker: 'Speaker 1' }]);
  });

  it('keeps a stray word with the voice around it instead of cutting a one-word line', () => {
    const noisy = [seg(0, 900, 'SPEAKER_1'), seg(900, 1100, 'SPEAKER_2'), seg(1100, 3000, 'SPEAKER_1')];
    const one = line(
      words(['We', 0, 300], ['ride', 300, 800], ['north', 900, 1100], ['at', 1200, 1500], ['dawn.', 1500, 2000]),
    );
    const cut = assignSpeakers([one], noisy, label);
    expect(cut).toHaveLength(1);
    expect(cut[0]).toEqual({ ...one, speaker: 'Speaker 1' });
  });

  it('leaves the lines as they are when no one was heard', () => {
    const one = line(words(['Hello', 0, 300]));
    expect(assignSpeakers([one], [], label)).toEqual([one]);
  });
});
