// One autocannon run of the list query against a side of bench/graphql-throughput.ts, with the
// serving process's CPU time per request.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface Run {
  side: 'graphql' | 'bare' | 'bare_all_columns';
  rps: number;
  /** CPU time (user + system) the serving process spent per answered request. */
  cpuMs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * CPU seconds a process has used so far (Linux /proc; clock ticks of 1/100 s). Unlike req/s it
 * hardly moves when other work shares the machine, so it shows what a change saved.
 */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function load(
  side: Run['side'],
  url: string,
  cookie: string,
  pid: number,
  options: { query: string; connections: number; seconds: number },
): Promise<Run> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    method: 'POST',
    connections: options.connections,
    duration: options.seconds,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query: options.query }),
  });
  return {
    side,
    rps: result.requests.average,
    cpuMs: ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function post(url: string, cookie: string, query: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query }),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
