// The bare node:http side of bench/graphql-throughput.ts, run as its own process: the list query's
// answer built by hand from PostgreSQL (GRAPHQL_BENCH_BARE is the database URL).
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

/** What the bare server answers: GraphQL's response shape, built by hand from three queries. */
async function bareServer(databaseUrl: string, port: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = http.createServer((req, res) => {
    void answer(req).then(
      (body) => {
        res.writeHead(body ? 200 : 401, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body ?? { errors: [{ message: 'Sign in first' }] }));
      },
      (err: unknown) => {
        res.writeHead(500).end(String(err));
      },
    );
  });
  // Every column but the lazy transcript: what the ORM reads for a list (the /all-columns variant).
  const columns = await pool.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_name = 'sessions' and column_name <> 'full_transcript'`,
  );
  const allSessionColumns = columns.rows.map((r) => `"${r.column_name}"`).join(', ');
  const answer = async (req: http.IncomingMessage) => {
    const allColumns = req.url === '/all-columns';
    // The request body (the query) is read, as any server must; it is always the list query.
    for await (const _chunk of req) void _chunk;
    const token = /(?:^|;\s*)questlog_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (!token) return null;
    const hash = crypto.createHash('sha256').update(decodeURIComponent(token)).digest('hex');
    const viewer = await pool.query<{ id: string }>(
      `select u.* from login_sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.expires_at > now()`,
      [hash],
    );
    if (!viewer.rows[0]) return null;
    const campaigns = await pool.query<{ id: string; title: string }>(
      `select ${allColumns ? '*' : 'id, title'} from campaigns where owner_id = $1 order by created_at, id`,
      [viewer.rows[0].id],
    );
    const sessions = await pool.query<{
      id: string;
      campaign_id: string;
      title: string;
      status: string;
      summary_very_short: string;
      brief_summary: string;
      duration_seconds: number | null;
    }>(
      `select ${allColumns ? allSessionColumns : 'id, campaign_id, title, status, summary_very_short, brief_summary, duration_seconds'}
         from sessions where campaign_id = any($1) order by created_at, id`,
      [campaigns.rows.map((c) => c.id)],
    );
    const byCampaign = new Map(campaigns.rows.map((c) => [c.id, [] as unknown[]]));
    for (const s of sessions.rows) {
      byCampaign.get(s.campaign_id)!.push({
        id: s.id,
        title: s.title,
        status: s.status,
        summaryVeryShort: s.summary_very_short,
        briefSummary: s.brief_summary,
        durationSeconds: s.duration_seconds,
      });
    }
    return {
      data: { campaigns: campaigns.rows.map((c) => ({ id: c.id, title: c.title, sessions: byCampaign.get(c.id) })) },
    };
  };
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  console.log('bare server listening');
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

void bareServer(process.env.GRAPHQL_BENCH_BARE!, Number(process.env.GRAPHQL_BENCH_BARE_PORT));
