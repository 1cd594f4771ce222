import {
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPT_MAX_LINES,
  TRANSCRIPT_MESSAGES,
  TranscriptRefusedError,
  type Cue,
} from './cue';
import { parseTranscript } from './parse';
import { formatSrt, formatWebVtt } from './write';

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseTranscript(bytes(text));
const refusal = (input: string | Uint8Array) => {
  try {
    parseTranscript(typeof input === 'string' ? bytes(input) : input);
  } catch (err) {
    if (err instanceof TranscriptRefusedError) return err.message;
    throw err;
  }
  throw new Error('accepted');
};

describe('WebVTT', () => {
  it('reads cue times, voice tags, identifiers and cue settings, and skips NOTE, STYLE and REGION', () => {
    const file = [
      'WEBVTT - Game night',
      'Kind: captions',
      '',
      'NOTE made by hand',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: lime }',
      '',
      'REGION',
      'id:left width:40%',
      '',
      'intro',
      '00:00:01.500 --> 00:00:04.000 align:start position:10%',
      '<v GM>You stand at the edge of the ravine.',
      '',
      '00:01:02.250 --> 00:01:05.000',
      '<v.loud Sam Lee><b>I</b> draw my <i>sword</i>!</v>',
      '',
      '01:00:00.000 --> 01:00:02.001',
      'No speaker here',
    ].join('\n');
    expect(parse(file)).toEqual({
      format: 'vtt',
      cues: [
        { startMs: 1500, endMs: 4000, speaker: 'GM', text: 'You stand at the edge of the ravine.' },
        { startMs: 62_250, endMs: 65_000, speaker: 'Sam Lee', text: 'I draw my sword!' },
        { startMs: 3_600_000, endMs: 3_602_001, text: 'No speaker here' },
      ],
    });
  });

  it('takes a BOM, CRLF, minutes-only times, multi-line cues and two voices in one cue', () => {
    const file = '\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.500\r\n<v Ana>Hello\r\nthere\r\n<v Bo>Hi!\r\n';
    expect(parse(file).cues).toEqual([
      { startMs: 1000, endMs: 2500, speaker: 'Ana', text: 'Hello there' },
      { startMs: 1000, endMs: 2500, speaker: 'Bo', text: 'Hi!' },
    ]);
  });

  it('reads "Name: text" as the speaker when there is no voice tag (Zoom, Teams)', () => {
    const file = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nJane Doe: We should rest.\n';
    expect(parse(file).cues).toEqual([{ startMs: 0, endMs: 2000, speaker: 'Jane Doe', text: 'We should rest.' }]);
  });

  it('keeps HTML and script in the text as text, decoding character references', () => {
    const file = 'WEBVTT\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script> &lt;b&gt; &amp; <img src=x onerror=y>\n';
    expect(parse(file).cues[0].text).toBe('<script>alert(1)</script> <b> & <img src=x onerror=y>');
  });

  it('sorts cues that are out of order, keeping the order of equal starts, and reads an end before the start as the start', () => {
    const file =
      'WEBVTT\n\n00:05.000 --> 00:06.000\nthird\n\n00:01.000 --> 00:00.500\nfirst\n\n00:05.000 --> 00:05.500\nfourth\n\n00:02.000 --> 00:03.000\nsecond\n';
    expect(parse(file).cues.map((c) => [c.text, c.startMs, c.endMs])).toEqual([
      ['first', 1000, 1000],
      ['second', 2000, 3000],
      ['third', 5000, 6000],
      ['fourth', 5000, 5500],
    ]);
  });

  it('refuses negative, malformed and overflowing times with the line number', () => {
    expect(refusal('WEBVTT\n\n-00:00:01.000 --> 00:00:02.000\nx\n')).toBe(TRANSCRIPT_MESSAGES.badTime(3));
    expect(refusal('WEBVTT\n\n00:00:01.000 --> 00:00:61.000\nx\n')).toBe(TRANSCRIPT_MESSAGES.badTime(3));
    expect(refusal('WEBVTT\n\nid\n00:00:01 --> 00:00:02\nx\n')).toBe(TRANSCRIPT_MESSAGES.badTime(4));
    expect(refusal('WEBVTT\n\n999999999:00:00.000 --> 999999999:00:01.000\nx\n')).toBe(TRANSCRIPT_MESSAGES.tooLate(3));
    expect(refusal('WEBVTT\n\n25:00:00.000 --> 25:00:01.000\nx\n')).toBe(TRANSCRIPT_MESSAGES.tooLate(3));
    expect(refusal('WEBVTT\n\n00:00.000 --> 00:01.000\nok\n\njust some words\nand more\n')).toBe(
      TRANSCRIPT_MESSAGES.noTiming(6),
    );
  });

  it('refuses a file with a header and no cues as empty', () => {
    expect(refusal('WEBVTT\n\nNOTE nothing here\n')).toBe(TRANSCRIPT_MESSAGES.empty);
    expect(refusal('WEBVTT\n\n00:00.000 --> 00:01.000\n<v GM></v>\n')).toBe(TRANSCRIPT_MESSAGES.empty);
  });
});

describe('SubRip', () => {
  it('reads indexes, comma times, "Name: text" speakers, formatting tags and multi-line text', () => {
    const file = [
      '1',
      '00:00:01,000 --> 00:00:03,500',
      'GM: The door creaks open.',
      '',
      '2',
      '00:00:04,000 --> 00:00:06,000 X1:10 X2:20 Y1:5 Y2:9',
      '<i>Wait, what:</i> is that',
      'a dragon?',
      '',
      '3',
      '00:00:07,000 --> 00:00:08,000',
      '{\\an8}Ana: Run!',
    ].join('\r\n');
    expect(parse(file)).toEqual({
      format: 'srt',
      cues: [
        { startMs: 1000, endMs: 3500, speaker: 'GM', text: 'The door creaks open.' },
        { startMs: 4000, endMs: 6000, text: 'Wait, what: is that a dragon?' },
        { startMs: 7000, endMs: 8000, speaker: 'Ana', text: 'Run!' },
      ],
    });
  });

  it('puts text after a stray blank line on the cue before it', () => {
    const file = '1\n00:00:01,000 --> 00:00:02,000\nOne\n\ntwo\n\n2\n00:00:03,000 --> 00:00:04,000\nThree\n';
    expect(parse(file).cues.map((c) => c.text)).toEqual(['One two', 'Three']);
  });

  it('refuses bad times with the line number', () => {
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:xx,000 --> 00:00:03,000\nbad\n')).toBe(
      TRANSCRIPT_MESSAGES.badTime(6),
    );
  });
});

describe('plain text', () => {
  it('spreads lines over time by word count at 150 words a minute, with speakers where lines name them', () => {
    const file = 'GM: You enter the tavern of the Yawning Portal.\n\nSam: I order an ale.\nok\n';
    expect(parse(file)).toEqual({
      format: 'text',
      cues: [
        { startMs: 0, endMs: 3200, speaker: 'GM', text: 'You enter the tavern of the Yawning Portal.' },
        { startMs: 3200, endMs: 4800, speaker: 'Sam', text: 'I order an ale.' },
        { startMs: 4800, endMs: 5800, text: 'ok' },
      ],
    });
  });

  it('reads a note\'s label as text, not as someone speaking ("Note:", "OOC:"), but a name that starts alike as a speaker', () => {
    const file = 'GM: The bridge holds.\nNote: the party rests here.\nOOC: brb, pizza\nNoteworthy Nell: Hello!\n';
    expect(parse(file).cues.map(({ speaker, text }) => ({ speaker, text }))).toEqual([
      { speaker: 'GM', text: 'The bridge holds.' },
      { speaker: undefined, text: 'Note: the party rests here.' },
      { speaker: undefined, text: 'OOC: brb, pizza' },
      { speaker: 'Noteworthy Nell', text: 'Hello!' },
    ]);
  });

  it("reads the app's own full-transcript download: [hh:mm:ss] Name: text, wrapped lines joined", () => {
    const file = '[00:00:05] GM: Welcome back.\n[00:01:10] Ana: Where were we?\nStill in the cave.\n';
    expect(parse(file).cues).toEqual([
      { startMs: 5000, endMs: 70_000, speaker: 'GM', text: 'Welcome back.' },
      { startMs: 70_000, endMs: 72_800, speaker: 'Ana', text: 'Where were we? Still in the cave.' },
    ]);
  });

  it('is told by content, not by name: a file that starts like SubRip is SubRip', () => {
    expect(parse('7\n00:00:01,000 --> 00:00:02,000\nhi\n').format).toBe('srt');
    expect(parse('Hello WEBVTT\n').format).toBe('text');
  });

  it('refuses HTML, XML and JSON documents as not a transcript', () => {
    expect(refusal('<!DOCTYPE html><html><body>hi</body></html>')).toBe(TRANSCRIPT_MESSAGES.markup);
    expect(refusal('<?xml version="1.0"?><tt></tt>')).toBe(TRANSCRIPT_MESSAGES.markup);
    expect(refusal('{"lines": ["hi"]}')).toBe(TRANSCRIPT_MESSAGES.markup);
  });
});

describe('refused files', () => {
  it('refuses empty files and files of blank lines', () => {
    expect(refusal('')).toBe(TRANSCRIPT_MESSAGES.empty);
    expect(refusal('\uFEFF \n\t\n\r\n')).toBe(TRANSCRIPT_MESSAGES.empty);
  });

  it('refuses binary data: NUL bytes, control characters, a WAV header', () => {
    expect(refusal('WEBVTT\n\n00:00.000 --> 00:01.000\nhi\u0000there\n')).toBe(TRANSCRIPT_MESSAGES.notText);
    expect(refusal('GM: hi\u001b[31m\n')).toBe(TRANSCRIPT_MESSAGES.notText);
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(32, 0)]);
    expect(refusal(wav)).toBe(TRANSCRIPT_MESSAGES.notText);
  });

  it('refuses text that is not UTF-8', () => {
    expect(refusal(Buffer.from('GM: caf\xe9 cr\xe8me\n', 'latin1'))).toBe(TRANSCRIPT_MESSAGES.notUtf8);
  });

  it('refuses files over the size bound before reading them', () => {
    expect(refusal(new Uint8Array(TRANSCRIPT_MAX_BYTES + 1).fill(0x61))).toBe(TRANSCRIPT_MESSAGES.tooLarge);
  });

  it('refuses more cues than a session has lines, and reads a file at the bound quickly', () => {
    const cues = (n: number) =>
      'WEBVTT\n\n' + Array.from({ length: n }, (_, i) => `00:00:${pad(i)}.000 --> 00:00:${pad(i)}.500\na`).join('\n\n');
    const pad = (i: number) => String(i % 60).padStart(2, '0');
    expect(refusal(cues(TRANSCRIPT_MAX_LINES + 1))).toBe(TRANSCRIPT_MESSAGES.tooManyLines);
    expect(parse(cues(TRANSCRIPT_MAX_LINES)).cues).toHaveLength(TRANSCRIPT_MAX_LINES);
    // A megabyte of one line: no pattern here backtracks on it.
    expect(parse(`Sam${' x:'.repeat(300_000)}`).cues).toHaveLength(1);
  });
});

describe('writing WebVTT and SubRip', () => {
  const cues: Cue[] = [
    { startMs: 0, endMs: 1234, speaker: 'GM', text: 'The gate is shut.' },
    { startMs: 3_599_999, endMs: 3_600_000, text: 'A <script>alert(1)</script> & "quote" --> arrow' },
    { startMs: 90_061_001, endMs: 90_062_000, speaker: 'Sam <the bold>', text: 'Late: very late' },
  ];

  it('writes WebVTT with voice tags and escaped markup', () => {
    expect(formatWebVtt(cues)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:01.234',
        '<v GM>The gate is shut.',
        '',
        '00:59:59.999 --> 01:00:00.000',
        'A &lt;script&gt;alert(1)&lt;/script&gt; &amp; "quote" --&gt; arrow',
        '',
        '25:01:01.001 --> 25:01:02.000',
        '<v Sam &lt;the bold&gt;>Late: very late',
        '',
      ].join('\n'),
    );
  });

  it('writes SubRip with indexes, comma times and "Name: " speakers', () => {
    expect(formatSrt(cues.slice(0, 2))).toBe(
      '1\n00:00:00,000 --> 00:00:01,234\nGM: The gate is shut.\n\n' +
        '2\n00:59:59,999 --> 01:00:00,000\nA <script>alert(1)</script> & "quote" --> arrow\n',
    );
  });

  it('round-trips: what it writes reads back as the same cues', () => {
    const within = cues.slice(0, 2);
    expect(parse(formatWebVtt(within)).cues).toEqual(within);
    expect(parse(formatSrt(within)).cues).toEqual(within);
  });
});
