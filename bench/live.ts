import { performance } from 'node:perf_hooks';
import type { ApplicationState, SocketApplicationUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { type ClientSocket } from '../test/support/sockets';
import { fmt, median, percentile, type Row } from './table';

export const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 1000);
export const PATIENTS = 30;
/**
 * Bursts per run (BENCH_BURSTS); the run's figure is their median. One burst lasts a few tens of
 * milliseconds, and alone it moved with whatever else the machine did in them: the bare baseline's
 * single bursts ranged from 25,000 to 45,000 deliveries/s within one session.
 */
export const BURSTS = Number(process.env.BENCH_BURSTS ?? 10);

/**
 * The bare Socket.IO baseline's move (bench/baselines/bare-socketio.cjs): it relays to the room `user:{patient}` the
 * API's message for such a move, ids as long as the API's.
 */
export async function bareMove(url: string, patient: number, state: ApplicationState): Promise<void> {
  const id = (kind: number) => `00000000-0000-4000-800${kind}-${String(patient).padStart(12, '0')}`;
  const query = new URLSearchParams({ room: `user:${patient}`, application: id(0), prescription: id(1), state });
  const res = await fetch(`${url}/move?${query}`, { method: 'POST' });
  await res.text();
}

/** What the live figures need from a server: sockets in patient rooms, and a move answered over HTTP. */
export interface LiveTarget {
  connect(patient: number): Promise<ClientSocket>;
  /** Resolves when the move's HTTP answer has arrived. */
  move(patient: number, state: ApplicationState): Promise<void>;
}

interface Wait {
  arrivals: number[];
  expected: number;
  done: () => void;
}

/** 1000 sockets spread over the patients; every socket's deliveries are timed. */
export class LiveClients {
  private readonly sockets: ClientSocket[][] = [];
  private readonly waits = new Map<string, Wait>();
  readonly states: ApplicationState[];

  constructor(
    private readonly target: LiveTarget,
    initial: ApplicationState,
  ) {
    this.states = Array.from({ length: PATIENTS }, () => initial);
  }

  async connect(): Promise<void> {
    for (let p = 0; p < PATIENTS; p++) this.sockets.push([]);
    for (let i = 0; i < CLIENTS; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, CLIENTS - i) }, async (_, k) => {
          const p = (i + k) % PATIENTS;
          const socket = await this.target.connect(p);
          socket.on(SOCKET_EVENTS.applicationUpdated, (u: SocketApplicationUpdated) => {
            const now = performance.now();
            const w = this.waits.get(`${p}:${u.state}`);
            if (!w) return;
            w.arrivals.push(now);
            if (w.arrivals.length === w.expected) w.done();
          });
          this.sockets[p].push(socket);
        }),
      );
    }
  }

  close(): void {
    for (const s of this.sockets.flat()) s.close();
  }

  /** One move; resolves with the time it was sent and every socket's arrival time. */
  private async moveAndCollect(p: number): Promise<{ sent: number; arrivals: number[] }> {
    const state: ApplicationState = this.states[p] === 'SUBMITTED' ? 'INFO_REQUESTED' : 'SUBMITTED';
    const key = `${p}:${state}`;
    let done!: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    const wait: Wait = { arrivals: [], expected: this.sockets[p].length, done };
    this.waits.set(key, wait);
    try {
      const sent = performance.now();
      await this.target.move(p, state);
      this.states[p] = state;
      let timer!: NodeJS.Timeout;
      await Promise.race([
        all,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`patient ${p}: ${wait.arrivals.length}/${wait.expected} sockets heard ${state}`)),
            30_000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      return { sent, arrivals: wait.arrivals };
    } finally {
      this.waits.delete(key);
    }
  }

  /**
   * One move per patient, one after another: from each move's request being sent to every socket of
   * the patient hearing it (the issue's figure). It counts the move itself: a server that pushes on
   * commit pushes before it answers, so a clock started at the answer would read 0.
   */
  async latencies(): Promise<number[]> {
    const out: number[] = [];
    for (let p = 0; p < PATIENTS; p++) {
      const { sent, arrivals } = await this.moveAndCollect(p);
      for (const t of arrivals) out.push(t - sent);
    }
    return out;
  }

  /** BURSTS bursts one after another: the median of their deliveries per second. */
  async bursts(): Promise<number> {
    const rates: number[] = [];
    for (let i = 0; i < BURSTS; i++) rates.push(await this.burst());
    return median(rates);
  }

  /** One move per patient, all at once: deliveries per second from the first request to the last delivery. */
  private async burst(): Promise<number> {
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: PATIENTS }, (_, p) => this.moveAndCollect(p)));
    const deliveries = results.reduce((n, r) => n + r.arrivals.length, 0);
    const last = Math.max(...results.flatMap((r) => r.arrivals));
    return (deliveries / (last - started)) * 1000;
  }
}

export interface LiveRuns {
  api: LiveRun;
  bare: LiveRun;
}
export interface LiveRun {
  latencies: number[][];
  burst: number[];
  /** Per run: the CPU time each group of processes used in the run's bursts, per move, in ms. */
  cpuPerMove: Record<string, number>[];
}

/** Each group's median over the runs, then their sum: "API 1.2, PostgreSQL 0.8: 2.0 ms". */
function cpuText(runs: Record<string, number>[]): { text: string; total: number } {
  const groups = Object.keys(runs[0] ?? {});
  const each = groups.map((g) => [g, median(runs.map((r) => r[g]))] as const);
  const total = each.reduce((sum, [, ms]) => sum + ms, 0);
  return { text: `${each.map(([g, ms]) => `${g} ${fmt(ms, 2)}`).join(', ')}: ${fmt(total, 2)} ms`, total };
}

/** Median over runs of each run's percentile. */
const medianOf = (runs: number[][], p: number) => median(runs.map((xs) => percentile(xs, p)));

export function liveRows(
  runs: LiveRuns,
  memory: { api: number; apiIdle: number; apiStarted: number; bare: number },
): Row[] {
  const figure = (r: number[][]) => ({ p50: medianOf(r, 50), p95: medianOf(r, 95), p99: medianOf(r, 99) });
  const api = figure(runs.api.latencies);
  const bare = figure(runs.bare.latencies);
  const text = (f: typeof api) => `p50 ${fmt(f.p50, 1)} ms, p95 ${fmt(f.p95, 1)} ms, p99 ${fmt(f.p99, 1)} ms`;
  const apiBurst = median(runs.api.burst);
  const bareBurst = median(runs.bare.burst);
  const apiCpu = cpuText(runs.api.cpuPerMove);
  const bareCpu = cpuText(runs.bare.cpuPerMove);
  return [
    {
      measure: `live: move sent -> every socket, ${CLIENTS} clients / ${PATIENTS} patients`,
      value: text(api),
      baseline: 'bare socket.io, same clients and rooms',
      baselineValue: text(bare),
      ratio: api.p50 / bare.p50,
      target: 'p50 <= 5 ms, p95 <= 10 ms',
      met: api.p50 <= 5 && api.p95 <= 10,
    },
    {
      measure: `live: burst of ${PATIENTS} concurrent moves (median of ${BURSTS} a run)`,
      value: `${fmt(apiBurst)} deliveries/s`,
      baseline: 'bare socket.io, same clients and rooms',
      baselineValue: `${fmt(bareBurst)} deliveries/s`,
      ratio: apiBurst / bareBurst,
      target: '>= 60% of baseline',
      met: apiBurst / bareBurst >= 0.6,
    },
    {
      // Where the burst's time goes, whatever else the machine does: CPU time is not stretched by waiting.
      measure: `live: CPU per move in the bursts, every process (ms)`,
      value: apiCpu.text,
      baseline: 'bare socket.io, same clients and rooms',
      baselineValue: bareCpu.text,
      ratio: apiCpu.total / bareCpu.total,
      target: '',
      met: null,
    },
    {
      measure: `API process memory (RSS), ${CLIENTS} sockets`,
      value: `${fmt(memory.api)} MB (${fmt(memory.apiStarted)} MB at start, ${fmt(memory.apiIdle)} MB after the 30 signups)`,
      baseline: `bare socket.io, ${CLIENTS} sockets`,
      baselineValue: `${fmt(memory.bare)} MB`,
      ratio: memory.api / memory.bare,
      target: '< 250 MB',
      met: memory.api < 250,
    },
  ];
}
