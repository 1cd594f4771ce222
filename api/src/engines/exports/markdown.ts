import { clock } from '../text/clock';

/** A transcript line as an export shows it. */
export interface ExportLine {
  id: string;
  startMs: number;
  speaker: string | null;
  /** Kept from the campaign's players: only the owner's export has such lines, marked so. */
  gmOnly?: boolean;
  text: string;
}

export interface ExportSession {
  id: string;
  title: string;
  /** YYYY-MM-DD, when known. */
  playedOn: string | null;
  /** Stored as sent: may hold HTML. */
  briefSummary: string;
  moderateSummary: string;
  detailedSummary: string;
  lines: ExportLine[];
}

export interface ExportMention {
  sessionId: string;
  lineId: string;
  start: number;
  end: number;
}

export interface ExportEntry {
  name: string;
  /** Human words: "NPC", "Place". */
  kind: string;
  description: string;
  notes: string;
  variants: string[];
  mentions: ExportMention[];
}

export interface ExportCampaign {
  title: string;
  briefSummary: string;
  sessions: ExportSession[];
  index: ExportEntry[];
  openThreads: Array<{ kind: string; text: string; sessionId: string }>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A stored summary (plain text or the few formatting tags the archive allows) as Markdown text:
 * paragraphs and line breaks kept, lists as "- ", bold and italics as ** and *, every other tag
 * dropped and entities decoded. What is left is then escaped like any other text.
 */
export function summaryMarkdown(html: string): string {
  // Private-use marks stand for list items, bold and italics while the rest is escaped.
  const marked = html
    .replace(/[\uE001-\uE003]/g, '')
    .replace(/<\s*(script|style|template)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '\n\uE001- ')
    .replace(/<\s*\/\s*(p|div|h\d|ul|ol|blockquote)\s*>/gi, '\n\n')
    .replace(/<\s*\/?\s*(strong|b)\s*>/gi, '\uE002')
    .replace(/<\s*\/?\s*(em|i)\s*>/gi, '\uE003')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    });
  return escapeMarkdown(marked)
    .replace(/\uE001- /g, '- ')
    .replace(/\uE002/g, '**')
    .replace(/\uE003/g, '*')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Text from a transcript shown as itself in Markdown: characters that would format, link, embed or
 * open HTML are escaped, and a line cannot start a heading, list, quote or table.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+>])(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s)/gm, '$1\\$2');
}

/** A note's file name that Obsidian, Windows and macOS all accept, and that no link syntax breaks. */
export function noteName(name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|#^[\]\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return safe || 'Untitled';
}

/** Gives each name a distinct note name ("Ashes", "Ashes (2)"), case-insensitively. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = noteName(name);
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

const link = (target: string, label?: string) =>
  label && label !== target.split('/').pop() ? `[[${target}|${label.replace(/[[\]|]/g, '')}]]` : `[[${target}]]`;

/** YAML front matter with string values quoted, so no value can break out of its line. */
function frontMatter(fields: Record<string, string | string[] | null>): string {
  const quote = (v: string) => JSON.stringify(v);
  const rows = Object.entries(fields)
    .filter(([, v]) => v !== null && (!Array.isArray(v) || v.length > 0))
    .map(([k, v]) =>
      Array.isArray(v) ? `${k}:\n${v.map((x) => `  - ${quote(x)}`).join('\n')}` : `${k}: ${quote(v!)}`,
    );
  return rows.length ? `---\n${rows.join('\n')}\n---\n\n` : '';
}

/** The summaries and transcript of a session as one Markdown document. */
export function sessionMarkdown(
  session: ExportSession,
  opts: { names?: ReadonlyMap<string, Array<{ start: number; end: number; target: string }>>; heading?: boolean } = {},
): string {
  const parts: string[] = [];
  if (opts.heading !== false) parts.push(`# ${escapeMarkdown(session.title)}`);
  if (session.playedOn) parts.push(`Played on ${session.playedOn}`);
  for (const [title, text] of [
    ['Brief summary', session.briefSummary],
    ['Moderate summary', session.moderateSummary],
    ['Detailed summary', session.detailedSummary],
  ] as const) {
    if (text.trim()) parts.push(`## ${title}\n\n${summaryMarkdown(text)}`);
  }
  if (session.lines.length) {
    const lines = session.lines.map((line) => {
      const speaker = line.speaker ? `**${escapeMarkdown(line.speaker)}:** ` : '';
      const mark = line.gmOnly ? ' *(GM only)*' : '';
      return `\`${clock(line.startMs)}\` ${speaker}${linked(line, opts.names?.get(line.id))}${mark}`;
    });
    parts.push(`## Transcript\n\n${lines.join('\n\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** A line's text escaped, with its index mentions turned into links to their notes. */
function linked(line: ExportLine, mentions: Array<{ start: number; end: number; target: string }> = []): string {
  let out = '';
  let at = 0;
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    if (m.start < at || m.end > line.text.length) continue;
    out += escapeMarkdown(line.text.slice(at, m.start)) + link(m.target, line.text.slice(m.start, m.end));
    at = m.end;
  }
  return out + escapeMarkdown(line.text.slice(at));
}

/**
 * A campaign as an Obsidian vault: a note for the campaign, one per session and one per index
 * entry, linked both ways with [[wikilinks]] (an entry's mentions link to it from the transcripts;
 * its note lists the sessions it appears in). Spellings go in front-matter `aliases`, so Obsidian
 * finds an entry by any of its names.
 */
export function campaignVault(campaign: ExportCampaign): Array<{ path: string; content: string }> {
  const sessionNames = uniqueNames(campaign.sessions.map((s, i) => `${String(i + 1).padStart(2, '0')} ${s.title}`)).map(
    (n) => `Sessions/${n}`,
  );
  const sessionNote = new Map(campaign.sessions.map((s, i) => [s.id, sessionNames[i]]));
  const entryNotes = uniqueNames(campaign.index.map((e) => e.name)).map((n) => `Index/${n}`);
  const campaignNote = uniqueNames([campaign.title])[0];

  const namesByLine = new Map<string, Array<{ start: number; end: number; target: string }>>();
  campaign.index.forEach((entry, i) => {
    for (const m of entry.mentions) {
      const list = namesByLine.get(m.lineId) ?? [];
      list.push({ start: m.start, end: m.end, target: entryNotes[i] });
      namesByLine.set(m.lineId, list);
    }
  });

  const files = campaign.sessions.map((session, i) => {
    const appearing = campaign.index
      .map((entry, j) => ({ entry, note: entryNotes[j] }))
      .filter(({ entry }) => entry.mentions.some((m) => m.sessionId === session.id));
    const body = sessionMarkdown(session, { names: namesByLine, heading: true });
    const people = appearing.length
      ? `\n## People, places and things\n\n${appearing.map(({ entry, note }) => `- ${link(note, entry.name)}`).join('\n')}\n`
      : '';
    return {
      path: `${sessionNames[i]}.md`,
      content:
        frontMatter({ campaign: campaign.title, played: session.playedOn }) +
        `Part of ${link(campaignNote)}\n\n${body}${people}`,
    };
  });

  campaign.index.forEach((entry, i) => {
    const sessions = [...new Set(entry.mentions.map((m) => m.sessionId))].filter((id) => sessionNote.has(id));
    const parts = [`# ${escapeMarkdown(entry.name)}`, `${escapeMarkdown(entry.kind)} in ${link(campaignNote)}`];
    if (entry.description) parts.push(escapeMarkdown(entry.description));
    if (entry.notes) parts.push(`## Notes\n\n${escapeMarkdown(entry.notes)}`);
    if (sessions.length) {
      parts.push(
        `## Appears in\n\n${sessions.map((id) => `- ${link(sessionNote.get(id)!, sessionTitle(campaign, id))}`).join('\n')}`,
      );
    }
    files.push({
      path: `${entryNotes[i]}.md`,
      content: frontMatter({ kind: entry.kind, aliases: entry.variants }) + `${parts.join('\n\n')}\n`,
    });
  });

  const byKind = new Map<string, string[]>();
  campaign.index.forEach((entry, i) => {
    byKind.set(entry.kind, [...(byKind.get(entry.kind) ?? []), `- ${link(entryNotes[i], entry.name)}`]);
  });
  const home = [`# ${escapeMarkdown(campaign.title)}`];
  if (campaign.briefSummary.trim()) home.push(summaryMarkdown(campaign.briefSummary));
  if (campaign.sessions.length) {
    home.push(`## Sessions\n\n${campaign.sessions.map((s, i) => `- ${link(sessionNames[i], s.title)}`).join('\n')}`);
  }
  if (campaign.openThreads.length) {
    home.push(
      `## Open threads\n\n${campaign.openThreads
        .map(
          (t) =>
            `- ${escapeMarkdown(t.text)} (${link(sessionNote.get(t.sessionId) ?? campaignNote, sessionTitle(campaign, t.sessionId))})`,
        )
        .join('\n')}`,
    );
  }
  for (const [kind, rows] of byKind) home.push(`## ${escapeMarkdown(kind)}\n\n${rows.join('\n')}`);
  files.unshift({ path: `${campaignNote}.md`, content: `${home.join('\n\n')}\n` });
  return files;
}

const sessionTitle = (campaign: ExportCampaign, id: string) =>
  campaign.sessions.find((s) => s.id === id)?.title ?? campaign.title;
