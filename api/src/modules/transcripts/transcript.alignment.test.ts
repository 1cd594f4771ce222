import { parseTranscript, planEdit } from './transcript.alignment';
import { retime, type TimedLine } from './transcript.words';

/** A stored line whose words are 400 ms apart from its start, 300 ms long each. */
function line(id: string, startMs: number, text: string, tableTalk = false): TimedLine {
  const words = text
    .split(' ')
    .map((word, k) => ({ word, startMs: startMs + k * 400, endMs: startMs + k * 400 + 300 }));
  return { id, startMs, endMs: words[words.length - 1].endMs, text, tableTalk, words };
}

const stored = [
  line('a', 0, 'The party meets Thoren at the gate.'),
  line('b', 5_000, 'Who wants pizza?', true),
  line('c', 42_000, 'They ride to crag maw castle.'),
  line('d', 3_725_000, 'The dragon wakes.'),
];

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

const summary = (plan: ReturnType<typeof planEdit>) =>
  plan.lines.map((l) => (l.kind === 'inserted' ? `+${l.startMs}:${l.text}` : `${l.kind}:${l.line.id}`));

describe('parseTranscript', () => {
  it('reads [hh:mm:ss] prefixes into seconds, keeps unprefixed lines and drops blank ones', () => {
    expect(parseTranscript('[00:00:42] Roll.\n\n  plain line  \n[01:02:05]   Spaced   out\r\n[3:07] short')).toEqual([
      { clockSeconds: 42, text: 'Roll.' },
      { clockSeconds: null, text: 'plain line' },
      { clockSeconds: 3725, text: 'Spaced out' },
      { clockSeconds: 187, text: 'short' },
    ]);
  });
});

describe('planEdit', () => {
  const text = (lines: string[]) => parseTranscript(lines.join('\n'));

  it('keeps every line of an unchanged transcript', () => {
    const plan = planEdit(
      stored,
      text([
        '[00:00:00] The party meets Thoren at the gate.',
        '[00:00:05] Who wants pizza?',
        '[00:00:42] They ride to crag maw castle.',
        '[01:02:05] The dragon wakes.',
      ]),
    );
    expect(summary(plan)).toEqual(['kept:a', 'kept:b', 'kept:c', 'kept:d']);
    expect(plan.deleted).toEqual([]);
  });

  it('edits the changed lines in place, deletes removed ones and keeps the time of a line whose prefix went', () => {
    const plan = planEdit(
      stored,
      text([
        '[00:00:00] The party meets Thorin at the gate.',
        'They ride to Kragmaw castle.',
        '[01:02:05] The dragon wakes.',
      ]),
    );
    expect(summary(plan)).toEqual(['edited:a', 'edited:c', 'kept:d']);
    expect(plan.deleted.map((l) => l.id)).toEqual(['b']);
  });

  it('pairs by prefix before word overlap, and inserts lines the owner added', () => {
    const plan = planEdit(
      stored,
      text([
        '[00:00:00] The party meets Thoren at the gate.',
        '[00:00:05] Something else entirely.',
        'A line the owner added.',
        '[00:00:42] They ride to crag maw castle.',
        '[00:10:00] Another added line.',
        '[01:02:05] The dragon wakes.',
      ]),
    );
    expect(summary(plan)).toEqual([
      'kept:a',
      'edited:b',
      `+${stored[1].endMs}:A line the owner added.`,
      'kept:c',
      `+${600_000}:Another added line.`,
      'kept:d',
    ]);
  });

  it('an added line plays from where the line before it ends, up to the next line', () => {
    const plan = planEdit(
      stored.slice(0, 2),
      text(['[00:00:00] The party meets Thoren at the gate.', 'New.', '[00:00:05] Who wants pizza?']),
    );
    expect(plan.lines[1]).toEqual({ kind: 'inserted', text: 'New.', startMs: stored[0].endMs, endMs: 5_000 });
  });

  it('does not pair a line with a stored one whose second differs unless most words agree', () => {
    const plan = planEdit([line('a', 0, 'Roll for initiative now.')], text(['[00:05:00] Completely new words here.']));
    expect(summary(plan)).toEqual([`+${300_000}:Completely new words here.`]);
    expect(plan.deleted.map((l) => l.id)).toEqual(['a']);
  });

  it('keeps duplicate lines apart by their prefixes', () => {
    const twice = [
      line('x', 1_000, 'Roll for initiative.'),
      line('y', 2_000, 'Next.'),
      line('z', 9_000, 'Roll for initiative.'),
    ];
    const plan = planEdit(twice, text(['[00:00:09] Roll for initiative.']));
    expect(summary(plan)).toEqual(['kept:z']);
    expect(plan.deleted.map((l) => l.id)).toEqual(['x', 'y']);
  });

  it('anchors on prefixes, so a name replaced all through a long transcript is a small diff', () => {
    const long = Array.from({ length: 1000 }, (_, i) => line(`l${i}`, i * 4_000, `Line ${i}: Thoren walks on.`));
    const plan = planEdit(long, text(long.map((l, i) => `[${clock(l.startMs)}] Line ${i}: Thorin walks on.`)));
    expect(plan.lines.every((l, i) => l.kind === 'edited' && l.line.id === `l${i}`)).toBe(true);
    expect(plan.deleted).toEqual([]);
  });

  it('pairs a transcript changed all over by prefix and order, without a full diff', () => {
    const long = Array.from({ length: 600 }, (_, i) => line(`l${i}`, i * 4_000, `Line ${i} the party walks on.`));
    const edited = long.map((l, i) =>
      i % 2 ? `Line ${i} a party walks on.` : `[${clock(l.startMs)}] Line ${i} the party walks on!`,
    );
    const plan = planEdit(long, text(['A new first line.', ...edited]));
    expect(plan.lines[0].kind).toBe('inserted');
    expect(plan.lines.slice(1).map((l) => (l.kind === 'inserted' ? null : l.line.id))).toEqual(long.map((l) => l.id));
    expect(plan.deleted).toEqual([]);
  });

  it('deleting everything deletes every line', () => {
    const plan = planEdit(stored, []);
    expect(plan.lines).toEqual([]);
    expect(plan.deleted).toHaveLength(4);
  });
});

describe('retime', () => {
  const l = line('a', 10_000, 'They ride to crag maw castle, Thoren says.');
  const times = (words: { word: string; startMs: number; endMs: number }[]) =>
    words.map((w) => `${w.word}@${w.startMs}-${w.endMs}`);

  it('keeps unchanged words, gives a replacement the span of the words it replaces', () => {
    const { words, replacements } = retime(l, 'They ride to Kragmaw castle, Thorin says.');
    expect(times(words)).toEqual([
      'They@10000-10300',
      'ride@10400-10700',
      'to@10800-11100',
      'Kragmaw@11200-11900',
      'castle,@12000-12300',
      'Thorin@12400-12700',
      'says.@12800-13100',
    ]);
    expect(replacements).toEqual([
      { before: ['crag', 'maw'], after: ['Kragmaw'], atSentenceStart: false },
      { before: ['Thoren'], after: ['Thorin'], atSentenceStart: false },
    ]);
  });

  it('splits a span among more words and spreads inserted words over the gap between neighbours', () => {
    const { words } = retime(l, 'They ride slowly to Crag Maw Keep castle, Thoren says.');
    expect(times(words)).toEqual([
      'They@10000-10300',
      'ride@10400-10700',
      'slowly@10700-10800',
      'to@10800-11100',
      'Crag@11200-11433',
      'Maw@11433-11667',
      'Keep@11667-11900',
      'castle,@12000-12300',
      'Thoren@12400-12700',
      'says.@12800-13100',
    ]);
  });

  it('shares the neighbours’ span when there is no gap, and treats punctuation-only changes as unchanged', () => {
    const tight = {
      ...l,
      words: l.words.map((w, k) => ({ ...w, startMs: 10_000 + k * 300, endMs: 10_000 + (k + 1) * 300 })),
    };
    const { words, replacements } = retime(tight, 'They ride to, crag maw castle Thoren says!');
    expect(replacements).toEqual([]);
    expect(times(words).slice(0, 3)).toEqual(['They@10000-10300', 'ride@10300-10600', 'to,@10600-10900']);
    const inserted = retime(tight, 'They really ride to crag maw castle, Thoren says.').words[1];
    expect(inserted).toEqual({ word: 'really', startMs: 10_000, endMs: 10_600 });
  });

  it('marks replacements that open a sentence', () => {
    const { replacements } = retime(line('s', 0, 'Done. then they leave.'), 'Done. Then they leave.');
    expect(replacements).toEqual([{ before: ['then'], after: ['Then'], atSentenceStart: true }]);
  });

  it('gives no word times to a line stored without them, but still reports replacements', () => {
    const untimed = { ...l, words: [] };
    const { words, replacements } = retime(untimed, 'They ride to crag maw castle, Thorin says.');
    expect(words).toEqual([]);
    expect(replacements).toEqual([{ before: ['Thoren'], after: ['Thorin'], atSentenceStart: false }]);
  });
});
