import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ApplicationState } from '@rxbridge/contracts';
import { runMigrations } from '@rxbridge/database';
import { freePort } from '@rxbridge/local-stack';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import {
  connectSocket,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  type Api,
  type ClientSocket,
} from '../applications/helpers';

// PostgreSQL stopped and started again under load (docs/architecture.md §6 Outages), on a private
// embedded PostgreSQL of this test's own: the shared server is never restarted.

const DATABASE = 'rxbridge_faults';
let dir: string;
let port: number;
let pg: { url: string; stop: () => Promise<void> } | undefined;
let stack: TestStack;
let api: Api;
let socket: ClientSocket | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rxb-postgres-'));
  port = await freePort(15432);
  pg = await startEmbeddedPostgres(dir, DATABASE, port);
  await runMigrations(pg.url);
  stack = await startStack({ env: { DATABASE_URL: pg.url } });
  api = apiClient(stack.apiUrl);
}, 120_000);
/**
 * The embedded PostgreSQL of `npm start` (tools/local-stack), in a process of its own: its package
 * is an ES module, which jest cannot import. SIGTERM stops the server cleanly.
 */
async function startEmbeddedPostgres(dataDir: string, database: string, onPort: number) {
  const services = resolve(__dirname, '../../tools/local-stack/dist/services.js');
  const script = `require(${JSON.stringify(services)})
    .startEmbeddedPostgres(${JSON.stringify(dataDir)}, ${JSON.stringify(database)}, ${onPort})
    .then((pg) => { console.log('READY ' + pg.url); process.on('SIGTERM', () => pg.stop().then(() => process.exit(0))); },
          (err) => { console.error(err.message); process.exit(1); });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((ready, fail) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk;
      const match = /READY (\S+)/.exec(seen);
      if (match) ready(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`embedded PostgreSQL exited (${code}): ${seen}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

afterAll(async () => {
  socket?.disconnect();
  await stack?.close();
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('the API answers 503 while PostgreSQL is down, never hangs or fails otherwise, and recovers without a restart', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  const [application] = patient.applications;
  socket = await connectSocket(stack.baseUrl, { token: patient.token });
  const updates = recordUpdates(socket);
  const moves: ApplicationState[] = ['AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER', 'SUBMITTED', 'APPROVED'];
  expect((await move(api, navigator.token, application.id, moves[0])).status).toBe(200);

  // Load: the patient's screen reading its applications over and over, across the restart.
  const statuses = new Set<number>();
  let loading = true;
  const load = (async () => {
    while (loading) statuses.add((await api.get('/applications', patient.token)).status);
  })();

  await pg!.stop();
  pg = undefined;
  const refused = await move(api, navigator.token, application.id, moves[1]);
  expect(refused.status).toBe(503);
  expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(503);
  await eventually(async () => statuses.has(503), 'a read refused while the database is down', 20_000);

  pg = await startEmbeddedPostgres(dir, DATABASE, port);
  await eventually(async () => (await fetch(`${stack.apiUrl}/health`)).ok, 'the API healthy again', 60_000);
  for (const state of moves.slice(1)) {
    expect((await move(api, navigator.token, application.id, state)).status).toBe(200);
  }
  loading = false;
  await load;
  expect([...statuses].sort()).toEqual([200, 503]);

  await waitForQueuesIdle(stack, 30_000);
  await eventually(async () => new Set(updates.map((u) => u.transitionId)).size >= moves.length, 'every push', 15_000);
  // A push retried after the outage may arrive after a later one; each carries the time of its
  // change, by which the client orders them (a stale one changes nothing on screen).
  const byTransition = [...new Map(updates.map((u) => [u.transitionId, u])).values()];
  byTransition.sort((a, b) => a.at.localeCompare(b.at));
  expect(byTransition.map((u) => u.state)).toEqual(moves);
}, 180_000);
