import { createServer } from 'node:net';

/** The preferred port when it is free on loopback, else any free one. */
export async function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address() as { port: number };
        server.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || ((await tryPort(0)) as number);
}
