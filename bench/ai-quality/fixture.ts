import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { findTogether, missingKeywords } from './score';

/** A keyword, or alternatives of which any one will do. */
const keyword = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
export type Keyword = z.infer<typeof keyword>;

const spoken = z.object({ voice: z.string().min(1), text: z.string().min(1), tableTalk: z.boolean() }).strict();
/** Extra silence before the next line, in seconds. */
const pause = z.object({ pause: z.number().positive() }).strict();

const sessionFile = z.object({
  title: z.string().min(1),
  lines: z.array(z.union([spoken, pause])).min(1),
  facts: z.array(z.object({ fact: z.string().min(1), keywords: z.array(keyword).min(1) }).strict()).min(1),
});

const question = z
  .object({
    q: z.string().min(1),
    expect: z.array(keyword).min(1).optional(),
    /** 1-based: the answer's first citation must come from this session. */
    session: z.number().int().min(1).optional(),
    /** Part of the in-game script line that answers it, followed through the pipeline by the report. */
    source: z.string().min(1).optional(),
    decline: z.literal(true).optional(),
    /** Declined, and its event never happened: tallied apart as a false premise (issue 48). */
    premise: z.literal(true).optional(),
    /** Only table talk answers it: the answer must quote that line labelled as said at the table. */
    atTable: z.literal(true).optional(),
    why: z.string().optional(),
  })
  .strict()
  .refine((q) => Boolean(q.decline) !== Boolean(q.expect), 'a question either expects keywords or is declined')
  .refine((q) => Boolean(q.decline) !== Boolean(q.source), 'an answerable question names its source line')
  .refine((q) => !q.premise || q.decline, 'a false premise is declined')
  .refine((q) => !q.atTable || q.expect, 'a table-talk question expects keywords');

const campaignFile = z.object({
  title: z.string().min(1),
  vocabulary: z.string().min(1),
  sessions: z.array(z.string().min(1)).min(1),
  /** Name -> a spelling espeak-ng says the way the players do. */
  pronounce: z.record(z.string(), z.string()).default({}),
  questions: z.array(question).min(1),
});

export type ScriptLine = z.infer<typeof spoken>;
/** Script lines of one session (0-based), as indexes into its spoken lines. */
export interface LineRef {
  session: number;
  lines: number[];
}
export type Fact = z.infer<typeof sessionFile>['facts'][number] & { at: LineRef[] };
export type Question = z.infer<typeof question> & { at?: LineRef };
export type FixtureSession = Omit<z.infer<typeof sessionFile>, 'facts'> & { file: string; facts: Fact[] };
export type Campaign = Omit<z.infer<typeof campaignFile>, 'sessions' | 'questions'> & {
  sessions: FixtureSession[];
  questions: Question[];
};

export const CAMPAIGN_DIR = path.join(__dirname, 'campaign');

function read<T>(schema: z.ZodType<T>, file: string): T {
  const parsed = schema.safeParse(YAML.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The fixture campaign, validated, with the script lines each fact and answer comes from: a typo
 * in a hand-written YAML file fails loudly here instead of scoring low.
 */
export function loadCampaign(dir = CAMPAIGN_DIR): Campaign {
  const campaign = read(campaignFile, path.join(dir, 'campaign.yaml'));
  const problems: string[] = [];
  const sessions = campaign.sessions.map((file, session) => {
    const parsed = read(sessionFile, path.join(dir, file));
    const lines = parsed.lines.filter((item): item is ScriptLine => 'text' in item);
    const inGame = lines.map((l) => (l.tableTalk ? '' : l.text));
    const facts = parsed.facts.map((f) => {
      const at = findTogether(inGame, f.keywords).map((found) => ({ session, lines: found }));
      if (!at.length) problems.push(`${file}: no in-game line says "${f.fact}" with its keywords`);
      return { ...f, at };
    });
    return { ...parsed, file, facts };
  });
  const questions = campaign.questions.map((q) => {
    if (q.session && q.session > sessions.length) problems.push(`"${q.q}": there is no session ${q.session}`);
    if (!q.source) return q;
    const at = sessions
      .flatMap((s, session) => spokenLines(s).map((line, i) => ({ session, line, i })))
      .find(({ line }) => line.tableTalk === Boolean(q.atTable) && line.text.includes(q.source!));
    const kind = q.atTable ? 'table-talk' : 'in-game';
    if (!at) problems.push(`"${q.q}": no ${kind} line contains "${q.source}"`);
    else if (missingKeywords(at.line.text, q.expect!).length)
      problems.push(`"${q.q}": its source line lacks the keywords`);
    return { ...q, at: at && { session: at.session, lines: [at.i] } };
  });
  if (problems.length) throw new Error(`${dir}:\n  ${problems.join('\n  ')}`);
  return { ...campaign, sessions, questions };
}

export const spokenLines = (session: Pick<FixtureSession, 'lines'>): ScriptLine[] =>
  session.lines.filter((item): item is ScriptLine => 'text' in item);
