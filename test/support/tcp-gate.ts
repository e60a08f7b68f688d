import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A closed door in front of a server on 127.0.0.1:`target`: it accepts connections and holds what
 * they send until `open()`, then joins each to the server. A process pointed at it is stuck where it
 * first waits on that server, and the test knows when it got there (`connected`).
 */
export interface TcpGate {
  port: number;
  /** Resolves at the first connection. */
  connected: Promise<void>;
  open(): void;
  close(): Promise<void>;
}

export async function startTcpGate(target: number): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  const held: Socket[] = [];
  let isOpen = false;
  let firstConnection!: () => void;
  const connected = new Promise<void>((resolve) => (firstConnection = resolve));
  const join = (client: Socket) => {
    const server = connect(target, '127.0.0.1');
    sockets.add(server);
    for (const [from, to] of [
      [client, server],
      [server, client],
    ]) {
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
    client.resume();
  };
  const gate: Server = createServer((client) => {
    sockets.add(client);
    client.pause();
    firstConnection();
    if (isOpen) join(client);
    else held.push(client);
  });
  await new Promise<void>((ready) => gate.listen(0, '127.0.0.1', ready));
  return {
    port: (gate.address() as { port: number }).port,
    connected,
    open() {
      isOpen = true;
      for (const client of held.splice(0)) join(client);
    },
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        gate.close(() => done());
      }),
  };
}
