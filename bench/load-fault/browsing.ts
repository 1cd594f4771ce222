/*
 * The 50 readers: autocannon keeps one connection per reader and walks each through what the web
 * app sends on the archive and Q&A pages (the same GraphQL documents as web/src/features), plus the
 * REST GETs and POST /api/ask_question/ that scripts use, at a steady rate per reader.
 */
import autocannon from 'autocannon';
import { THROTTLE_STATUS, type Outcome, type Tally } from './tally';

export interface Reader {
  cookie: string;
  csrf: string;
}

export interface Archive {
  campaignId: string;
  sessionIds: string[];
}

const SIDEBAR = 'id title lastEditedAt sessions { id title status }';
const QUERIES = {
  viewer: 'query Viewer { me { id firstName preferredName hasStripeSubscription plan { id name } } }',
  shared: `query SharedCampaigns { sharedCampaigns { id sharedAt campaign { ${SIDEBAR} createdAt role sessions { createdAt } } } }`,
  own: `query QaOwnCampaigns { campaigns { ${SIDEBAR} } }`,
  session: `query SessionContent($id: ID!) { session(id: $id) { id title status stage progress failureReason
    briefSummary moderateSummary detailedSummary fullTranscript campaign { id title role } } }`,
  lines:
    'query SessionTranscriptLines($id: ID!) { session(id: $id) { id transcriptLines { id startMs text tableTalk } } }',
  campaign: 'query CampaignContent($id: ID!) { campaign(id: $id) { id title role summaries { id type text } } }',
  ask: `mutation Ask($input: AskInput!) { ask(input: $input) { text found
    citations { sessionId sessionTitle startMs quote } } }`,
};

const QUESTIONS = [
  'What did the dragon do at the castle?',
  'Who cast a shield spell?',
  'What happened on the bridge?',
  'Why did the villagers cheer?',
];

type Step = (archive: Archive, turn: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
type Named = [name: string, step: Step];

const gql =
  (query: string, variables: (a: Archive, turn: number) => Record<string, unknown> = () => ({})): Step =>
  (archive, turn) => ({ method: 'POST', path: '/graphql', body: { query, variables: variables(archive, turn) } });
const pick = <T>(list: T[], turn: number) => list[turn % list.length];

/** One visit: open the archive, read a session and its campaign, ask about it; `turn` varies the session and question. */
const VISIT: Named[] = [
  ['gql Viewer', gql(QUERIES.viewer)],
  ['gql QaOwnCampaigns', gql(QUERIES.own)],
  ['gql SharedCampaigns', gql(QUERIES.shared)],
  ['gql SessionContent', gql(QUERIES.session, (a, t) => ({ id: pick(a.sessionIds, t) }))],
  ['gql SessionTranscriptLines', gql(QUERIES.lines, (a, t) => ({ id: pick(a.sessionIds, t) }))],
  ['gql CampaignContent', gql(QUERIES.campaign, (a) => ({ id: a.campaignId }))],
  [
    'GET get_shared_campaign_details',
    (a) => ({ method: 'GET', path: `/api/get_shared_campaign_details/${a.campaignId}/` }),
  ],
  [
    'GET get_session_details',
    (a, t) => ({ method: 'GET', path: `/api/get_session_details/${pick(a.sessionIds, t)}/` }),
  ],
  [
    'gql Ask (campaign)',
    gql(QUERIES.ask, (a, t) => ({ input: { campaignId: a.campaignId, question: pick(QUESTIONS, t) } })),
  ],
  [
    'POST ask_question (session)',
    (a, t) => ({
      method: 'POST',
      path: '/api/ask_question/',
      body: { transcript_id: pick(a.sessionIds, t), question: pick(QUESTIONS, t + 1) },
    }),
  ],
];

/** 2xx without GraphQL errors is ok; 429 is a deliberate refusal; anything else is an error. */
function judge(status: number, body: string): { outcome: Outcome; what?: string } {
  if (status === THROTTLE_STATUS) return { outcome: 'throttled' };
  if (status < 200 || status >= 300) return { outcome: 'error', what: `${status} ${body.slice(0, 200)}` };
  if (body.includes('"errors"')) {
    try {
      const errors = (JSON.parse(body) as { errors?: unknown[] }).errors;
      if (errors?.length) return { outcome: 'error', what: `${status} ${JSON.stringify(errors).slice(0, 200)}` };
    } catch {
      return { outcome: 'error', what: `${status} not JSON: ${body.slice(0, 200)}` };
    }
  }
  return { outcome: 'ok' };
}

/**
 * Runs the readers for `seconds` at `ratePerReader` requests a second each, recording every answer
 * into `tally` (by whatever phase it is in when the answer comes back). Each reader is its own
 * autocannon instance with one connection, started a fraction of a second after the previous one:
 * one instance with 50 rate-limited connections sends all 50 requests in the same millisecond
 * every second (its per-connection timers start together), a lockstep no 50 people keep.
 */
export async function browse(opts: {
  url: string;
  readers: Reader[];
  archive: Archive;
  seconds: number;
  ratePerReader: number;
  tally: Tally;
}): Promise<void> {
  let turns = 0;
  const gapMs = 1000 / (opts.readers.length * opts.ratePerReader);
  await Promise.all(
    opts.readers.map(async (reader, i) => {
      await new Promise((r) => setTimeout(r, i * gapMs));
      await readerVisits(opts, reader, () => turns++);
    }),
  );
}

function readerVisits(
  opts: { url: string; archive: Archive; seconds: number; ratePerReader: number; tally: Tally },
  reader: Reader,
  nextTurn: () => number,
): Promise<void> {
  let turn = 0;
  // onResponse runs just before autocannon's 'response' event for the same answer (one thread).
  let judged: { outcome: Outcome; what?: string; step: string } = { outcome: 'ok', step: '' };
  const requests: autocannon.Request[] = VISIT.map(([name, step], index) => ({
    setupRequest: (req) => {
      // A visit varies the session and the question.
      if (index === 0) turn = nextTurn();
      const { method, path, body } = step(opts.archive, turn);
      const headers: Record<string, string> = { cookie: reader.cookie, 'x-csrftoken': reader.csrf };
      if (body) headers['content-type'] = 'application/json';
      return { ...req, method, path, headers, body: body ? JSON.stringify(body) : undefined };
    },
    onResponse: (status: number, body: string) => {
      judged = { ...judge(status, body), step: name };
    },
  }));
  return new Promise<void>((resolve, reject) => {
    const options = {
      url: opts.url,
      connections: 1,
      connectionRate: opts.ratePerReader,
      duration: opts.seconds,
      timeout: 10,
      requests,
    };
    const instance = autocannon(options, (err) => (err ? reject(err) : resolve()));
    instance.on('response', (_client, _status, _bytes, ms) =>
      opts.tally.add(ms, judged.outcome, judged.step, judged.what),
    );
    instance.on('reqError', (err: Error) => opts.tally.add(NaN, 'error', 'network', `network: ${err.message}`));
  });
}
