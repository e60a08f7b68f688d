import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rssMb } from './processes';

/** One clock for the bench and its client processes: CLOCK_MONOTONIC, in ms. */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** What one move's sockets heard, summed over the client processes. */
export interface Heard {
  arrivals: number[];
  expected: number;
  missed: number;
}

type FromClients =
  | { type: 'ready' }
  | { type: 'connected'; connected: number; failed: number; firstError?: string; ms: number }
  | { type: 'expecting'; id: number }
  | { type: 'heard'; id: number; arrivals: number[]; expected: number; missed: number }
  | { type: 'closed'; disconnects: number };

/** Sockets each client process opens at once (docs/benchmarks.md, the scale figure). */
const CONNECT_BATCH = 100;

/**
 * Socket.IO clients spread over `processes` child processes (bench/socket-clients.cjs): socket i
 * belongs to patient i % patients and to process i % processes. Each process runs its own event
 * loop, so neither the bench's clock nor the server shares it with thousands of clients.
 */
export class SocketFleet {
  private readonly children: ChildProcess[] = [];
  private nextId = 0;

  private constructor(private readonly processes: number) {}

  static async start(processes: number): Promise<SocketFleet> {
    const fleet = new SocketFleet(processes);
    for (let i = 0; i < processes; i++) {
      const child = fork(join(__dirname, 'socket-clients.cjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      fleet.children.push(child);
      await fleet.next(child, (m) => m.type === 'ready');
    }
    return fleet;
  }

  private next<T extends FromClients>(child: ChildProcess, match: (m: FromClients) => boolean): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: FromClients) => {
        if (!match(m)) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`socket client process exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  /** Opens `clients` sockets; throws unless every one connected. Resolves with the time it took. */
  async connect(url: string, clients: number, patients: number, auth: (patient: number) => object): Promise<number> {
    const started = monotonicMs();
    const shares = this.children.map(() => [] as { patient: number; auth: object }[]);
    for (let i = 0; i < clients; i++)
      shares[i % this.processes].push({ patient: i % patients, auth: auth(i % patients) });
    const answers = await Promise.all(
      this.children.map((child, k) => {
        const answer = this.next<Extract<FromClients, { type: 'connected' }>>(child, (m) => m.type === 'connected');
        child.send({ type: 'connect', url, sockets: shares[k], batch: CONNECT_BATCH });
        return answer;
      }),
    );
    const failed = answers.reduce((n, a) => n + a.failed, 0);
    if (failed) throw new Error(`${failed} of ${clients} sockets did not connect to ${url}: ${answers[0].firstError}`);
    return monotonicMs() - started;
  }

  /**
   * Arms every process for `patient` hearing `state`, then resolves `heard` once each answered:
   * all of that patient's sockets heard it, or `timeoutMs` passed (what was not heard is missed).
   */
  async expect(patient: number, state: string, timeoutMs: number): Promise<{ heard: Promise<Heard> }> {
    const id = this.nextId++;
    const answers = this.children.map((child) => {
      const armed = this.next(child, (m) => m.type === 'expecting' && m.id === id);
      const heard = this.next<Extract<FromClients, { type: 'heard' }>>(child, (m) => m.type === 'heard' && m.id === id);
      child.send({ type: 'expect', id, patient, state, timeoutMs });
      return { armed, heard };
    });
    await Promise.all(answers.map((a) => a.armed));
    const heard = Promise.all(answers.map((a) => a.heard)).then((all) => ({
      arrivals: all.flatMap((a) => a.arrivals),
      expected: all.reduce((n, a) => n + a.expected, 0),
      missed: all.reduce((n, a) => n + a.missed, 0),
    }));
    return { heard };
  }

  /** Resident memory of the client processes together, in MB. */
  rssMb(): number {
    return this.children.reduce((sum, child) => sum + rssMb(child.pid!), 0);
  }

  /** Closes every socket and ends the processes; resolves with the disconnects nobody asked for. */
  async close(): Promise<number> {
    const answers = await Promise.all(
      this.children.map((child) => {
        const closed = this.next<Extract<FromClients, { type: 'closed' }>>(child, (m) => m.type === 'closed');
        child.send({ type: 'close' });
        return closed;
      }),
    );
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.disconnect();
          }),
      ),
    );
    return answers.reduce((n, a) => n + a.disconnects, 0);
  }
}

/**
 * Checks the machine lets a process hold `sockets` open files and open that many client ports;
 * throws saying what to raise. Node cannot raise its own limit: `ulimit -n` in the shell does, for
 * the bench and the processes it starts.
 */
export function checkRoomFor(sockets: number): string {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const openFiles = Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? Infinity);
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  // The server holds one file per socket, plus its database and Redis connections and its own files.
  const needed = sockets + 500;
  if (openFiles < needed) {
    throw new Error(`${sockets} sockets need ~${needed} open files; the limit is ${openFiles}: raise it (ulimit -n)`);
  }
  if (high - low + 1 < sockets) {
    throw new Error(
      `${sockets} sockets need as many local ports; net.ipv4.ip_local_port_range gives ${high - low + 1}`,
    );
  }
  return `open files limit ${openFiles}, local ports ${low}-${high}`;
}
