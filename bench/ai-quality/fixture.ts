import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';

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
    decline: z.literal(true).optional(),
    why: z.string().optional(),
  })
  .strict()
  .refine((q) => Boolean(q.decline) !== Boolean(q.expect), 'a question either expects keywords or is declined');

const campaignFile = z.object({
  title: z.string().min(1),
  vocabulary: z.string().min(1),
  sessions: z.array(z.string().min(1)).min(1),
  /** Name -> a spelling espeak-ng says the way the players do. */
  pronounce: z.record(z.string(), z.string()).default({}),
  questions: z.array(question).min(1),
});

export type ScriptLine = z.infer<typeof spoken>;
export type ScriptItem = z.infer<typeof spoken> | z.infer<typeof pause>;
export type Question = z.infer<typeof question>;
export type FixtureSession = z.infer<typeof sessionFile> & { file: string };
export type Campaign = Omit<z.infer<typeof campaignFile>, 'sessions'> & { sessions: FixtureSession[] };

export const CAMPAIGN_DIR = path.join(__dirname, 'campaign');

function read<T>(schema: z.ZodType<T>, file: string): T {
  const parsed = schema.safeParse(YAML.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The fixture campaign, validated: a typo in a hand-written YAML file fails loudly, not as a low score. */
export function loadCampaign(dir = CAMPAIGN_DIR): Campaign {
  const campaign = read(campaignFile, path.join(dir, 'campaign.yaml'));
  const sessions = campaign.sessions.map((file) => ({ ...read(sessionFile, path.join(dir, file)), file }));
  for (const q of campaign.questions) {
    if (q.session && q.session > sessions.length) throw new Error(`"${q.q}": there is no session ${q.session}`);
  }
  return { ...campaign, sessions };
}

export const spokenLines = (session: FixtureSession): ScriptLine[] =>
  session.lines.filter((item): item is ScriptLine => 'text' in item);
