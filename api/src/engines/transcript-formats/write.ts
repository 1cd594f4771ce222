import type { Cue } from './cue';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SubRip); hours grow past two digits if they must. */
function timestamp(ms: number, separator: '.' | ','): string {
  const t = Math.max(0, Math.round(ms));
  const s = Math.floor(t / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${separator}${pad(t % 1000, 3)}`;
}

/** Cue text on one line: a blank line would end the cue early. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** WebVTT's character references for what would otherwise read as markup (`<`, `&`, and `-->`'s `>`). */
const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The lines as WebVTT, each speaker in a voice tag (`<v Name>`), so players and editors show who spoke. */
export function formatWebVtt(cues: Cue[]): string {
  const body = cues.map((c) => {
    const voice = c.speaker ? `<v ${escapeVtt(oneLine(c.speaker))}>` : '';
    return `${timestamp(c.startMs, '.')} --> ${timestamp(c.endMs, '.')}\n${voice}${escapeVtt(oneLine(c.text))}`;
  });
  return ['WEBVTT', ...body].join('\n\n') + '\n';
}

/** The lines as SubRip, numbered from 1, each speaker as "Name: " before the text. */
export function formatSrt(cues: Cue[]): string {
  return cues
    .map((c, i) => {
      const said = c.speaker ? `${oneLine(c.speaker)}: ${oneLine(c.text)}` : oneLine(c.text);
      return `${i + 1}\n${timestamp(c.startMs, ',')} --> ${timestamp(c.endMs, ',')}\n${said}\n`;
    })
    .join('\n');
}
