import net from 'node:net';

/*
 * Ports for services a test starts itself (the run's PostgreSQL, Temporal and speech service; the
 * real `npm start` of start-stop.test.ts), which bind them seconds after they are picked. They come
 * from below the kernel's ephemeral range (32768-60999 here, /proc/sys/net/ipv4/ip_local_port_range),
 * so no outgoing connection can take one meanwhile: with the port the OS handed out, a fresh-clone
 * run lost start-stop's HTTP port to some connection in those seconds (EADDRINUSE), beside the browser
 * tests' fixed ports (29170-29177, web/e2e/serve.sh), above these. Each jest worker (JEST_WORKER_ID;
 * 0, the main process, for global-setup) takes from its own span, so two workers never pick the same
 * one, and walks it from a random start, so the same file's services never get the same one twice.
 */
const FIRST = 20_000;
const SPAN = 2_000;
const SPANS = 4;
const span = Number(process.env.JEST_WORKER_ID ?? 0) % SPANS;
const spanStart = FIRST + span * SPAN;
let next = spanStart + Math.floor(Math.random() * SPAN);

/** A TCP port that was free a moment ago, which only this process hands out. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < SPAN; tried++) {
    const port = next;
    next = port + 1 < spanStart + SPAN ? port + 1 : spanStart;
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${spanStart}-${spanStart + SPAN - 1}`);
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
