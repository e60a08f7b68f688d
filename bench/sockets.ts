import type { ApplicationState } from '@rxbridge/contracts';
import type { TestStack } from '../test/support/stack';
import { apiClient } from '../test/support/http';
import { driveTo, move, newNavigator, newPatientWithApplications } from '../test/applications/helpers';
import { bareMove } from './live';
import { startBaseline, type ApiProcess } from './processes';
import { checkRoomFor, monotonicMs, SocketFleet } from './socket-fleet';
import { fmt, median, percentile, type Row } from './table';
import { refreshStatistics } from './statistics';

/**
 * The scale of sockets (README.md "Benchmarks", docs/benchmarks.md): BENCH_SCALE_SOCKETS clients
 * (10,000) over BENCH_SCALE_PATIENTS patients (300, as many sockets a patient as the live figure's
 * 1,000 over 30), held by BENCH_SCALE_PROCESSES client processes (2). Each run moves every patient's
 * application once, one move after another; a move's figure is from the navigator's request being
 * sent to the last of that patient's sockets hearing it. Beside it, a bare Socket.IO server with
 * the same clients and rooms, measured first in the same run.
 */
export const SCALE_SOCKETS = Number(process.env.BENCH_SCALE_SOCKETS ?? 10_000);
const PATIENTS = Number(process.env.BENCH_SCALE_PATIENTS ?? 300);
const PROCESSES = Number(process.env.BENCH_SCALE_PROCESSES ?? 2);
/** A socket that has not heard its move this long after the request has missed it. */
const MISSED_AFTER_MS = 10_000;

/** What the figure needs from a server: which room a socket joins, and a move answered over HTTP. */
interface ScaleTarget {
  url: string;
  auth(patient: number): object;
  move(patient: number, state: ApplicationState): Promise<void>;
  rssMb(): number;
}

interface ScaleRun {
  /** Per run, per move: request sent -> the last of the patient's sockets heard it, in ms. */
  lastArrivals: number[][];
  expected: number;
  missed: number;
  connectMs: number;
  rssBefore: number;
  rss: number;
  clientsRss: number;
  disconnects: number;
}

async function measure(target: ScaleTarget, runs: number): Promise<ScaleRun> {
  const rssBefore = target.rssMb();
  const fleet = await SocketFleet.start(PROCESSES);
  const out: ScaleRun = {
    lastArrivals: [],
    expected: 0,
    missed: 0,
    connectMs: 0,
    rssBefore,
    rss: 0,
    clientsRss: 0,
    disconnects: 0,
  };
  try {
    out.connectMs = await fleet.connect(target.url, SCALE_SOCKETS, PATIENTS, (p) => target.auth(p));
    const states = Array.from({ length: PATIENTS }, (): ApplicationState => 'SUBMITTED');
    for (let run = 0; run < runs; run++) {
      const last: number[] = [];
      for (let p = 0; p < PATIENTS; p++) {
        const state: ApplicationState = states[p] === 'SUBMITTED' ? 'INFO_REQUESTED' : 'SUBMITTED';
        const { heard } = await fleet.expect(p, state, MISSED_AFTER_MS);
        const sent = monotonicMs();
        await target.move(p, state);
        states[p] = state;
        const h = await heard;
        out.expected += h.expected;
        out.missed += h.missed;
        if (h.arrivals.length) last.push(Math.max(...h.arrivals) - sent);
      }
      out.lastArrivals.push(last);
    }
    out.rss = target.rssMb();
    out.clientsRss = fleet.rssMb();
  } finally {
    out.disconnects = await fleet.close();
  }
  return out;
}

/** Patients of their own, each with an application in SUBMITTED, made through the API as users make them. */
async function preparePatients(stack: TestStack, apiUrl: string) {
  const client = apiClient(`${apiUrl}/api/v1`);
  const navigator = await newNavigator(stack, client);
  const patients: Awaited<ReturnType<typeof newPatientWithApplications>>[] = [];
  for (let i = 0; i < PATIENTS; i += 10) {
    const batch = Array.from({ length: Math.min(10, PATIENTS - i) }, () =>
      newPatientWithApplications(client, ['Eliquis']),
    );
    patients.push(...(await Promise.all(batch)));
  }
  for (let i = 0; i < PATIENTS; i += 20) {
    await Promise.all(
      patients.slice(i, i + 20).map((p) => driveTo(client, navigator.token, p.applications[0].id, 'SUBMITTED')),
    );
  }
  return { client, navigator, patients };
}

/** The scale figure: the bare Socket.IO server's run, then the API's, and their rows. */
export async function socketsFigures(stack: TestStack, api: ApiProcess, runs: number) {
  const room = checkRoomFor(SCALE_SOCKETS);
  const { client, navigator, patients } = await preparePatients(stack, api.url);
  await refreshStatistics(stack.settings.DATABASE_URL);

  const io = await startBaseline('bare-socketio.cjs');
  let bare: ScaleRun;
  try {
    bare = await measure(
      {
        url: io.url,
        auth: (p) => ({ room: `user:${p}` }),
        move: (p, state) => bareMove(io.url, p, state),
        rssMb: () => io.rssMb(),
      },
      runs,
    );
  } finally {
    await io.close();
  }

  const own = await measure(
    {
      url: api.url,
      auth: (p) => ({ token: patients[p].token }),
      async move(p, state) {
        const res = await move(client, navigator.token, patients[p].applications[0].id, state);
        if (res.status !== 200) throw new Error(`move to ${state} answered ${res.status}: ${res.body.message}`);
      },
      rssMb: () => api.rssMb(),
    },
    runs,
  );
  const notes = [
    `Sockets: ${fmt(SCALE_SOCKETS)} over ${PATIENTS} patients in ${PROCESSES} client processes (${room}); connected in ${fmt(own.connectMs / 1000, 1)} s to the API, ${fmt(bare.connectMs / 1000, 1)} s to bare Socket.IO; client processes ${fmt(own.clientsRss)} MB; sockets dropped before the end: API ${own.disconnects}, bare ${bare.disconnects}.`,
  ];
  return { rows: scaleRows(own, bare), notes };
}

const medianOf = (runs: number[][], p: number) => median(runs.map((xs) => percentile(xs, p)));

export function scaleRows(api: ScaleRun, bare: ScaleRun): Row[] {
  const figure = (r: ScaleRun) => ({
    p50: medianOf(r.lastArrivals, 50),
    p95: medianOf(r.lastArrivals, 95),
    p99: medianOf(r.lastArrivals, 99),
  });
  const a = figure(api);
  const b = figure(bare);
  const text = (f: typeof a) => `p50 ${fmt(f.p50, 1)} ms, p95 ${fmt(f.p95, 1)} ms, p99 ${fmt(f.p99, 1)} ms`;
  const missed = (r: ScaleRun) => `${fmt(r.missed)} of ${fmt(r.expected)}`;
  const sockets = fmt(SCALE_SOCKETS);
  return [
    {
      measure: `scale: move sent -> every screen (the last socket), ${sockets} clients / ${PATIENTS} patients`,
      value: text(a),
      baseline: `bare socket.io, same clients and rooms`,
      baselineValue: text(b),
      ratio: a.p95 / b.p95,
      target: 'p95 <= 25 ms',
      met: a.p95 <= 25,
    },
    {
      measure: `scale: deliveries missed (not heard within ${MISSED_AFTER_MS / 1000} s), ${sockets} clients`,
      value: missed(api),
      baseline: 'bare socket.io, same clients and rooms',
      baselineValue: missed(bare),
      ratio: null,
      target: 'none',
      met: api.missed === 0 && api.expected > 0,
    },
    {
      measure: `API process memory (RSS), ${sockets} sockets`,
      value: `${fmt(api.rss)} MB (${fmt(api.rssBefore)} MB before they connected)`,
      baseline: `bare socket.io, ${sockets} sockets`,
      baselineValue: `${fmt(bare.rss)} MB`,
      ratio: api.rss / bare.rss,
      target: '< 800 MB',
      met: api.rss < 800,
    },
  ];
}
