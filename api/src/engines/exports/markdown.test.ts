import { strFromU8, unzipSync } from 'fflate';
import { buildIndex } from '../campaign-index/build-index';
import {
  campaignVault,
  escapeMarkdown,
  noteName,
  sessionMarkdown,
  summaryMarkdown,
  uniqueNames,
  type ExportCampaign,
  type ExportSession,
} from './markdown';
import { vaultZip } from '../../adapters/archive/vault-zip';

const session = (id: string, title: string, texts: string[]): ExportSession => ({
  id,
  title,
  playedOn: '2026-11-20',
  briefSummary: `<p>The party meets <strong>Vessaline</strong> &amp; friends.</p>`,
  moderateSummary: '',
  detailedSummary: '',
  lines: texts.map((text, i) => ({ id: `${id}#${i}`, startMs: i * 65_000, speaker: i === 0 ? 'GM' : null, text })),
});

function campaign(): ExportCampaign {
  const sessions = [
    session('s1', 'The Gate', [
      'You reach the walls of Morrowgate.',
      'A scarred woman named Vessaline blocks the road.',
    ]),
    session('s2', 'Into the Marsh', ['Vessaline rides with you to Duskhollow.']),
  ];
  const index = buildIndex({
    lines: sessions.flatMap((s, order) =>
      s.lines.map((l, position) => ({ sessionId: s.id, sessionOrder: order, position, lineId: l.id, text: l.text })),
    ),
    vocabulary: [],
    characters: [],
  });
  return {
    title: 'Ember Road',
    briefSummary: 'A road, a gate, a marsh.',
    sessions,
    index: index.map((e) => ({
      name: e.name,
      kind: e.kind === 'place' ? 'Place' : 'NPC',
      description: e.description,
      notes: '',
      variants: e.variants,
      mentions: e.mentions.map((m) => ({ sessionId: m.sessionId, lineId: m.lineId, start: m.start, end: m.end })),
    })),
    openThreads: [{ kind: 'quest', text: 'Find the lost caravan.', sessionId: 's2' }],
  };
}

test('summaries become Markdown; transcript text is shown as itself, never as formatting or HTML', () => {
  expect(summaryMarkdown('<p>One <em>two</em></p><ul><li>a</li><li>b &lt;c&gt;</li></ul><script>x()</script>')).toBe(
    'One *two*\n\n- a\n- b \\<c\\>',
  );
  expect(escapeMarkdown('# not a heading [[link]] <b>x</b> *y* - z')).toBe(
    '\\# not a heading \\[\\[link\\]\\] \\<b\\>x\\</b\\> \\*y\\* - z',
  );
  expect(escapeMarkdown('- not a list\n1. nor this\n> nor a quote')).toBe(
    '\\- not a list\n1\\. nor this\n\\> nor a quote',
  );
  const md = sessionMarkdown(session('s', 'A | B', ['<img src=x onerror=alert(1)>', 'fine']));
  expect(md).toContain('# A \\| B');
  expect(md).toContain('`00:00:00` **GM:** \\<img src=x onerror=alert(1)\\>');
  expect(md).toContain('`00:01:05` fine');
  expect(md).toContain('## Brief summary\n\nThe party meets **Vessaline** & friends.');
});

test('note names are safe file names, distinct whatever the case', () => {
  expect(noteName('A/B: C? <D> [[E]] #F')).toBe('A B C D E F');
  expect(noteName('...')).toBe('Untitled');
  expect(noteName('x'.repeat(300))).toHaveLength(100);
  expect(uniqueNames(['Ashes', 'ashes', 'Ashes'])).toEqual(['Ashes', 'ashes (2)', 'Ashes (3)']);
});

test('a campaign vault links sessions and index entries both ways, and every link has its note', () => {
  const files = campaignVault(campaign());
  const paths = files.map((f) => f.path);
  expect(paths).toEqual([
    'Ember Road.md',
    'Sessions/01 The Gate.md',
    'Sessions/02 Into the Marsh.md',
    'Index/Morrowgate.md',
    'Index/Vessaline.md',
    'Index/Duskhollow.md',
  ]);
  const note = (path: string) => files.find((f) => f.path === path)!.content;
  expect(note('Sessions/01 The Gate.md')).toContain('A scarred woman named [[Index/Vessaline]] blocks the road.');
  expect(note('Sessions/01 The Gate.md')).toContain('Part of [[Ember Road]]');
  expect(note('Index/Vessaline.md')).toContain(
    '- [[Sessions/01 The Gate|The Gate]]\n- [[Sessions/02 Into the Marsh|Into the Marsh]]',
  );
  expect(note('Ember Road.md')).toContain('- Find the lost caravan. ([[Sessions/02 Into the Marsh|Into the Marsh]])');
  expect(note('Ember Road.md')).toContain('## Place\n\n- [[Index/Morrowgate]]\n- [[Index/Duskhollow]]');

  const notes = new Set(paths.map((p) => p.replace(/\.md$/, '')));
  for (const file of files) {
    for (const [, target] of file.content.matchAll(/\[\[([^\]|]+)(?:\|[^\]]*)?\]\]/g)) {
      expect({ in: file.path, target, exists: notes.has(target) }).toEqual({ in: file.path, target, exists: true });
    }
  }
});

test('the vault ZIP opens to the same notes under one folder', () => {
  const files = campaignVault(campaign());
  const unzipped = unzipSync(vaultZip(files, 'Ember Road'));
  expect(Object.keys(unzipped).sort()).toEqual(files.map((f) => `Ember Road/${f.path}`).sort());
  expect(strFromU8(unzipped['Ember Road/Index/Vessaline.md'])).toBe(
    files.find((f) => f.path === 'Index/Vessaline.md')!.content,
  );
});

test('spellings become aliases in the front matter, quoted so no name can break it', () => {
  const c = campaign();
  c.index[1].variants = ['Vess', 'the "Captain"\n---'];
  const note = campaignVault(c).find((f) => f.path === 'Index/Vessaline.md')!.content;
  expect(
    note.startsWith('---\nkind: "NPC"\naliases:\n  - "Vess"\n  - "the \\"Captain\\"\\n---"\n---\n\n# Vessaline'),
  ).toBe(true);
});
