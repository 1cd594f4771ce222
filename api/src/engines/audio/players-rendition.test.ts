import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from '../../adapters/process/run-command';
import { joinSpans, silenceForPlayers } from './players-rendition';
import { loudestDb } from '../../../test/audio-fixtures';

describe('the players’ copy of a recording', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'players-audio-'));
    await runCommand('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=12',
      path.join(dir, 'in.wav'),
    ]);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('joins overlapping and touching spans, drops empty ones, and sorts them', () => {
    expect(
      joinSpans([
        { startMs: 9000, endMs: 9500 },
        { startMs: 1000, endMs: 3000 },
        { startMs: 2500, endMs: 4000 },
        { startMs: 4000, endMs: 4200 },
        { startMs: 7000, endMs: 7000 },
      ]),
    ).toEqual([
      { startMs: 1000, endMs: 4200 },
      { startMs: 9000, endMs: 9500 },
    ]);
  });

  it('widens each span by a margin, never before the start, and joins the gaps it closes', () => {
    expect(
      joinSpans(
        [
          { startMs: 6480, endMs: 9960 },
          { startMs: 10340, endMs: 11940 },
          { startMs: 100, endMs: 900 },
          { startMs: 20000, endMs: 21000 },
        ],
        400,
      ),
    ).toEqual([
      { startMs: 0, endMs: 1300 },
      // 380 ms apart: the gap between two hidden lines is hidden too.
      { startMs: 6080, endMs: 12340 },
      { startMs: 19600, endMs: 21400 },
    ]);
  });

  it('is silent over the GM-only spans and sounds as recorded everywhere else', async () => {
    const output = path.join(dir, 'players.m4a');
    await silenceForPlayers(path.join(dir, 'in.wav'), output, [
      { startMs: 2000, endMs: 4000 },
      { startMs: 8000, endMs: 9500 },
    ]);
    for (const at of [2.2, 3.3, 8.3, 8.9]) expect(await loudestDb(output, at)).toBeLessThan(-80);
    for (const at of [0.5, 5, 6.5, 10.5]) expect(await loudestDb(output, at)).toBeGreaterThan(-30);
    const probe = await runCommand('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      output,
    ]);
    expect(probe.stdout.trim()).toBe('aac');
  });

  it('leaves no filter script behind, and fails clearly on input ffmpeg cannot read', async () => {
    await fs.writeFile(path.join(dir, 'broken.wav'), 'not audio');
    await expect(
      silenceForPlayers(path.join(dir, 'broken.wav'), path.join(dir, 'broken.m4a'), [{ startMs: 0, endMs: 1000 }]),
    ).rejects.toThrow(/could not make the players' copy/);
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.filter'))).toEqual([]);
  });
});
