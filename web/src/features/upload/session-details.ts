import { cutAtWord } from '../../components/length-limit';

/** The title and played-on date asked at upload, checked as the api checks them (uploads, renames). */

export const TITLE_MAX = 200;
const EARLIEST = '1970-01-01';

export const DETAIL_MESSAGES = {
  title: 'Please enter a valid name',
  titleTooLong: `Name must be at most ${TITLE_MAX} characters`,
  playedOn: 'Please enter the date the session was played',
  future: 'The date played cannot be in the future',
  tooEarly: 'The date played must be in 1970 or later',
} as const;

export interface DetailErrors {
  title?: string;
  playedOn?: string;
}

/**
 * The file's name without its extension, spaces squeezed, cut at a word to fit; "Session <today>"
 * when nothing is left.
 */
export function titleFromFileName(fileName: string, today: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/\s+/g, ' ').trim();
  return cutAtWord(base || `Session ${today}`, TITLE_MAX);
}

/** What stops the upload, per field; `today` is the browser's own day (YYYY-MM-DD). */
export function checkDetails(title: string, playedOn: string, today: string): DetailErrors {
  const errors: DetailErrors = {};
  const name = title.trim();
  if (!name) errors.title = DETAIL_MESSAGES.title;
  else if (name.length > TITLE_MAX) errors.title = DETAIL_MESSAGES.titleTooLong;
  // A date input holds '' for anything it cannot read as a day.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(playedOn)) errors.playedOn = DETAIL_MESSAGES.playedOn;
  else if (playedOn > today) errors.playedOn = DETAIL_MESSAGES.future;
  else if (playedOn < EARLIEST) errors.playedOn = DETAIL_MESSAGES.tooEarly;
  return errors;
}
