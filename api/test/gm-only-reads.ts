import { strFromU8, unzipSync } from 'fflate';
import type { TestApp } from './app';
import type { TestUser } from './factories';

// What the GM-only tests read: every path a reader has to a campaign, to look for the secrets in.

/** The campaign the GM-only tests mark, and its two sessions: one with a GM-only line, one with GM-only summaries. */
export interface GmOnlyNight {
  app: TestApp;
  campaignId: string;
  lineSession: string;
  summarySession: string;
}

/** Said only on the GM-only line. */
export const LINE_SECRET = 'Zarquon';
/** Written only in the GM-only summaries. */
export const SUMMARY_SECRET = 'Quillfeather';

const SESSION_FIELDS = `id briefSummary moderateSummary detailedSummary summaryVeryShort summariesGmOnly
  fullTranscript transcriptLines { text gmOnly }`;

/** Everything GraphQL lets a reader of the campaign read, in one query. */
export const EVERYTHING = `query($c: ID!, $a: ID!, $b: ID!) {
  campaign(id: $c) {
    summaries { text }
    sessions { ${SESSION_FIELDS} }
    index(includeHidden: true) { id name description variants notes mentions { text lineText } }
    openThreads { text }
    recap { briefSummary openThreads { text } }
  }
  a: session(id: $a) { ${SESSION_FIELDS} }
  b: session(id: $b) { ${SESSION_FIELDS} }
  latestSessions(limit: 20) { briefSummary summaryVeryShort fullTranscript }
  sharedCampaigns { campaign { sessions { briefSummary summaryVeryShort } } }
}`;

export async function download(
  app: TestApp,
  user: TestUser,
  path: string,
): Promise<{ status: number; bytes: Uint8Array }> {
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Every read path, each as the text a client receives. */
export async function readAll(night: GmOnlyNight, user: TestUser): Promise<Record<string, string>> {
  const { app, campaignId, lineSession, summarySession } = night;
  const c = user.client;
  const text = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));
  const file = async (path: string) => {
    const res = await download(app, user, path);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return strFromU8(res.bytes);
  };
  const ask = async (question: string) =>
    text(
      (
        await c.gql('mutation($input: AskInput!) { ask(input: $input) { text found citations { quote } } }', {
          input: { campaignId, question },
        })
      ).body,
    );
  const vault = unzipSync((await download(app, user, `/api/campaigns/${campaignId}/vault.zip`)).bytes);
  const graphql = await c.gql(EVERYTHING, { c: campaignId, a: lineSession, b: summarySession });
  expect(graphql.body.errors).toBeUndefined();
  return {
    graphql: text(graphql.body),
    'REST get_session_details (line)': text((await c.get(`/api/get_session_details/${lineSession}/`)).body),
    'REST get_session_details (summaries)': text((await c.get(`/api/get_session_details/${summarySession}/`)).body),
    'REST get_campaign_and_summary': text((await c.get(`/api/get_campaign_and_summary/${summarySession}/`)).body),
    'REST get_campaign_summaries': text((await c.get(`/api/get_campaign_summaries/${campaignId}/`)).body),
    'REST get_campaign_details': text((await c.get(`/api/get_campaign_details/${campaignId}/`)).body),
    'REST session export.md (line)': await file(`/api/sessions/${lineSession}/export.md`),
    'REST session export.md (summaries)': await file(`/api/sessions/${summarySession}/export.md`),
    'REST transcript.vtt': await file(`/api/sessions/${lineSession}/transcript.vtt`),
    'REST transcript.srt': await file(`/api/sessions/${lineSession}/transcript.srt`),
    'REST campaign export.md': await file(`/api/campaigns/${campaignId}/export.md`),
    'REST vault.zip': Object.entries(vault)
      .map(([path, bytes]) => `${path}\n${strFromU8(bytes)}`)
      .join('\n'),
    'GraphQL ask': await ask(`Who is ${LINE_SECRET}?`),
    'GraphQL ask (summary)': await ask(`What did ${SUMMARY_SECRET} do?`),
    'REST ask_question': text(
      (await c.post('/api/ask_question/', { campaign_id: campaignId, question: `What does ${LINE_SECRET} rule?` }))
        .body,
    ),
  };
}

export const holding = (reads: Record<string, string>, secret: string) =>
  Object.entries(reads)
    .filter(([, body]) => body.includes(secret))
    .map(([path]) => path);
