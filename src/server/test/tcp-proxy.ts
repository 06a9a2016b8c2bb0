import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Nothing passes either way any more, and nothing is closed: as when the network between is cut. */
  cut(): void;
  /** Lets everything through again, what waited first. */
  heal(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `host:port` on a port of its own, that a test can cut off like a network. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  let isCut = false;
  const sockets = new Set<net.Socket>();
  /** What each direction held back while cut, to send on healing. */
  const held = new Map<net.Socket, Buffer[]>();
  const forward = (from: net.Socket, to: net.Socket) => {
    const waiting: Buffer[] = [];
    held.set(to, waiting);
    from.on('data', (chunk: Buffer) => (isCut ? waiting.push(chunk) : to.write(chunk)));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        held.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      isCut = true;
    },
    heal() {
      isCut = false;
      for (const [to, waiting] of held) for (const chunk of waiting.splice(0)) to.write(chunk);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
