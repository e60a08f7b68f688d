import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../test/support/stack';
import { apiClient } from '../test/support/http';
import { connectSocket } from '../test/support/sockets';
import { driveTo, move, newNavigator, newPatientWithApplications } from '../test/applications/helpers';
import { startApiProcess, startBaseline, startWorkerProcess, type ApiProcess, type Child } from './processes';
import { httpRows, measureHttp, SECONDS, warmUp, type HttpRuns } from './http';
import {
  bareMove,
  BURSTS,
  CLIENTS,
  LiveClients,
  liveRows,
  PATIENTS,
  type LiveRun,
  type LiveRuns,
  type LiveTarget,
} from './live';
import { backendsOf, cpuMeter, pidsOf, type ProcessGroups } from './cpu';
import { eventRows, measureBareQueue, measureEvents } from './events';
import { measureLogins, measurePasswordWork, measureSignups, sessionRows, type SessionRuns } from './sessions';
import { mixedFigures } from './mixed';
import { routeRows } from './routes';
import { socketsFigures } from './sockets';
import { machineLine, renderTable } from './table';
import { refreshStatistics } from './statistics';

/**
 * `npm run bench`: every server figure beside a baseline measured in the same run, and the ratio
 * (README.md "Benchmarks"). Prints; asserts nothing about speed. Settings: BENCH_RUNS (3; each
 * figure is the median of the runs), BENCH_SECONDS (10 per autocannon path), BENCH_SOCKETS (1000),
 * BENCH_EVENTS (1000), BENCH_BURSTS (10 bursts of moves a run, bench/live.ts), BENCH_OUT (also
 * write the table to this file), BENCH_CPU_PROF (a folder:
 * profile the API process, one .cpuprofile per figure group), BENCH_API_LOG and BENCH_WORKER_LOG
 * (their log files), BENCH_ONLY=http, live, events, mixed, sessions or sockets (those figures alone), or
 * routes (each request of the mixed load alone, bench/routes.ts; only with BENCH_ONLY); the mixed
 * load's own settings are in bench/mixed.ts, the scale of sockets' (10,000 clients) in
 * bench/sockets.ts.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

let stack: TestStack;
let api: ApiProcess;
let apiStarted: number;
let worker: Child & { logFile: string };
let bare: Child;
beforeAll(async () => {
  // The API and the worker run as production runs them, each in a process of its own; the
  // in-process API of the stack stays idle (the bench uses it only to create the navigator).
  stack = await startStack({ env: { LOG_LEVEL: 'silent' }, withWorker: false });
  worker = startWorkerProcess(stack);
  api = await startApiProcess(stack);
  apiStarted = api.rssMb();
  bare = await startBaseline('bare-http.cjs');
});
afterAll(async () => {
  await bare?.close();
  await api?.close();
  await worker?.close();
  await stack?.close();
});

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

test('server benchmarks', async () => {
  const loadBefore = uptime();
  const apiUrl = `${api.url}/api/v1`;
  const client = apiClient(apiUrl);
  const navigator = await newNavigator(stack, client);
  const patients: Awaited<ReturnType<typeof newPatientWithApplications>>[] = [];
  for (let i = 0; i < PATIENTS; i += 5) {
    patients.push(
      ...(await Promise.all(Array.from({ length: 5 }, () => newPatientWithApplications(client, ['Eliquis'])))),
    );
  }
  await Promise.all(patients.map((p) => driveTo(client, navigator.token, p.applications[0].id, 'SUBMITTED')));
  const apiIdle = api.rssMb();
  await refreshStatistics(stack.settings.DATABASE_URL);
  // 'http', 'live', 'events', 'mixed', 'sessions', 'sockets' or 'routes': those figures alone, for a quick look while profiling.
  const only = process.env.BENCH_ONLY;
  if (only === 'mixed') {
    const rows = await mixedFigures(stack, api, worker, bare, RUNS);
    process.stdout.write(
      `\n${renderTable('Mixed load only', rows, [`Machine: ${machineLine()}`, `uptime: ${uptime()}`])}\n`,
    );
    return;
  }
  if (only === 'sessions') {
    const rows = sessionRows(await measureSessions(apiUrl, patients));
    process.stdout.write(`\n${renderTable('Logins and signups only', rows, [`Machine: ${machineLine()}`])}\n`);
    return;
  }
  if (only === 'routes') {
    await warmUp(api, patients[0].token);
    const subjects = { patient: patients[0], navigatorToken: navigator.token };
    const rows = await routeRows(apiUrl, api, bare, subjects, RUNS);
    const title = `Each request of the mixed load alone: medians of ${RUNS} run(s), ${SECONDS} s x 50 connections`;
    process.stdout.write(`\n${renderTable(title, rows, [`Machine: ${machineLine()}`, `uptime: ${uptime()}`])}\n`);
    return;
  }
  if (only === 'sockets') {
    const { rows, notes } = await socketsFigures(stack, api, RUNS);
    await api.profile('sockets');
    const machine = [`Machine: ${machineLine()}`, `uptime before: ${loadBefore}`, `uptime after:  ${uptime()}`];
    const title = `Scale of sockets only: medians of ${RUNS} run(s)`;
    process.stdout.write(`\n${renderTable(title, rows, [...notes, ...machine])}\n`);
    return;
  }

  const http: HttpRuns = { bare: [], config: [], health: [], prescriptions: [], payments: [] };
  await warmUp(api, patients[0].token);
  await api.profile('warm-up');
  for (let run = 0; run < RUNS && (!only || only === 'http'); run++) {
    await measureHttp(bare, api, patients[0].token, http, (name) => api.profile(`${name}-${run + 1}`));
  }

  if (only === 'http') {
    process.stdout.write(`\n${renderTable('HTTP only', httpRows(http), [`uptime: ${uptime()}`])}\n`);
    return;
  }

  // Live: the bare socket.io server first, then the API, each with the same clients and rooms.
  // BENCH_ONLY=events skips it whole: no baseline server, no thousand sockets to connect.
  const measureLive = async () => {
    const live: LiveRuns = {
      api: { latencies: [], burst: [], cpuPerMove: [] },
      bare: { latencies: [], burst: [], cpuPerMove: [] },
    };
    const io = await startBaseline('bare-socketio.cjs');
    const bareTarget: LiveTarget = {
      connect: (p) => connectSocket(io.url, { room: `user:${p}` }),
      move: (p, state) => bareMove(io.url, p, state),
    };
    const bareClients = await runLive(bareTarget, live.bare, { 'socket.io': () => [io.pid] });
    const bareRss = io.rssMb();
    bareClients.close();
    await io.close();

    const apiTarget: LiveTarget = {
      connect: (p) => connectSocket(api.url, { token: patients[p].token }),
      async move(p, state: ApplicationState) {
        const res = await move(client, navigator.token, patients[p].applications[0].id, state);
        if (res.status !== 200) throw new Error(`move to ${state} answered ${res.status}: ${res.body.message}`);
      },
    };
    const apiClients = await runLive(apiTarget, live.api, {
      API: () => [api.pid],
      worker: () => [worker.pid],
      PostgreSQL: () => backendsOf(new URL(stack.settings.DATABASE_URL).pathname.slice(1)),
      Redis: () => pidsOf('redis-server'),
    });
    const apiRss = api.rssMb();
    apiClients.close();
    await api.profile('live');
    return liveRows(live, { api: apiRss, apiIdle, apiStarted, bare: bareRss });
  };
  const liveTable = only === 'events' ? [] : await measureLive();
  if (only === 'live') {
    process.stdout.write(`\n${renderTable('Live only', liveTable, [`uptime: ${uptime()}`])}\n`);
    return;
  }

  const events = { outbox: [] as number[], trickle: [] as number[], bare: [] as number[] };
  const db = stack.api.get(DataSource);
  const applications = patients.map((p) => ({ applicationId: p.applications[0].id, userId: p.id }));
  for (let run = 0; run < RUNS; run++) {
    events.bare.push(await measureBareQueue(stack));
    events.outbox.push(await measureEvents(stack, db, applications, 'backlog'));
    events.trickle.push(await measureEvents(stack, db, applications, 'trickle'));
  }
  await api.profile('events');
  if (only === 'events') {
    process.stdout.write(`\n${renderTable('Events only', eventRows(events), [`uptime: ${uptime()}`])}\n`);
    return;
  }

  // The scale of sockets: 10,000 clients, its own patients and bare baseline (bench/sockets.ts).
  const sockets = await socketsFigures(stack, api, RUNS);
  await api.profile('sockets');

  const sessions = await measureSessions(apiUrl, patients);

  const mixed = await mixedFigures(stack, api, worker, bare, RUNS);

  const table = renderTable(
    `Server benchmarks: medians of ${RUNS} run(s); autocannon ${SECONDS} s x 50 connections per path; ${CLIENTS} sockets`,
    [...httpRows(http), ...liveTable, ...sockets.rows, ...eventRows(events), ...sessionRows(sessions), ...mixed],
    [
      ...sockets.notes,
      `Machine: ${machineLine()}`,
      `uptime before: ${loadBefore}`,
      `uptime after:  ${uptime()}`,
      `API: apps/api/dist/main.js in its own process, and apps/worker/dist/main.js in another, both LOG_LEVEL=info to files (${api.logFile}, ${worker.logFile}); autocannon in child processes; sockets and the bare baselines outside the API process.`,
    ],
  );
  process.stdout.write(`\n${table}\n`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${table}\n`);
});

/**
 * Connects the clients to `target` and runs every live figure RUNS times into `into`; the clients stay connected.
 * `servers` are the target's processes, whose CPU in the bursts is counted beside the clients' (this process).
 */
async function runLive(target: LiveTarget, into: LiveRun, servers: ProcessGroups): Promise<LiveClients> {
  const clients = new LiveClients(target, 'SUBMITTED');
  await clients.connect();
  for (let run = 0; run < RUNS; run++) {
    into.latencies.push(await clients.latencies());
    const used = cpuMeter({ ...servers, clients: () => [process.pid] });
    into.burst.push(await clients.bursts());
    const moves = BURSTS * PATIENTS;
    into.cpuPerMove.push(Object.fromEntries(Object.entries(used()).map(([g, ms]) => [g, ms / moves])));
  }
  return clients;
}

/**
 * Logins and signups one after another, beside argon2id's check and hash alone, RUNS times; each
 * run logs in as another patient (logins are also limited per account).
 */
async function measureSessions(apiUrl: string, patients: { email: string }[]): Promise<SessionRuns> {
  const runs: SessionRuns = { login: [], signup: [], check: [], hash: [] };
  for (let run = 0; run < RUNS; run++) {
    const floor = await measurePasswordWork();
    runs.check.push(floor.check);
    runs.hash.push(floor.hash);
    runs.login.push(await measureLogins(apiUrl, patients[run % patients.length].email));
    runs.signup.push(await measureSignups(apiUrl));
  }
  return runs;
}
