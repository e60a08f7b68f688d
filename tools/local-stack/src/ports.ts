import { createServer } from 'node:net';

/** `port` when it is free on loopback (0: any free one), else null. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as { port: number };
      server.close(() => resolve(got));
    });
  });
}

/** The preferred port when it is free on loopback, else any free one. */
export async function freePort(preferred = 0): Promise<number> {
  return (preferred && (await tryPort(preferred))) || ((await tryPort(0)) as number);
}

/** Whether nothing listens on this loopback port. */
export async function isFree(port: number): Promise<boolean> {
  return (await tryPort(port)) !== null;
}
