import net from 'node:net';

/** A TCP relay (to PostgreSQL, to Mailpit) that can be taken down, cutting every connection and
 * refusing new ones as a restart does, and brought back on the same port; with `delayMs`, a slow
 * server: each connection reaches the target only after that long. */
export class TcpRelay {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
    private readonly delayMs = 0,
  ) {}

  async up(): Promise<void> {
    if (this.server?.listening) return;
    this.server = net.createServer((inbound) => {
      this.track(inbound);
      inbound.pause();
      setTimeout(() => {
        if (inbound.destroyed) return;
        const outbound = this.track(net.connect(this.targetPort, this.host));
        inbound.pipe(outbound).pipe(inbound);
        inbound.resume();
      }, this.delayMs);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private track(socket: net.Socket): net.Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
