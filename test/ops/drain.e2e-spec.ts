import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { freePort } from '@rxbridge/local-stack';
import { startApiProcess, startWorkerProcess } from '../support/worker-process';
import { connectDb, newPatient } from '../records/helpers';
import { connectSocket, newNavigator, newPatientWithApplications, type ClientSocket } from '../applications/helpers';
import { detailsFor } from '../applications/helpers';
import { exited, hasExited } from '../support/processes';

// SIGTERM, as every rolling update sends it, to the real API and worker processes under load
// (docs/architecture.md §1 Processes, Draining).

const LOAD = 200;

interface Outcome {
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
}

/**
 * One request on a connection of its own, as a load balancer's new connection: `written` resolves
 * once the request is on the wire, `answer` with its status or the network error's code.
 */
function send(port: number, path: string, opts: { method?: string; token?: string; body?: unknown; agent?: Agent }) {
  let written!: () => void;
  const onWire = new Promise<void>((resolve) => (written = resolve));
  const answer = new Promise<Outcome>((resolve) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        agent: opts.agent ?? false,
        headers: {
          ...(opts.token && { Authorization: `Bearer ${opts.token}` }),
          ...(payload && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            connection: res.headers.connection,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      written();
      resolve({ error: err.code ?? err.message });
    });
    req.on('finish', written);
    req.end(payload);
  });
  return { written: onWire, answer };
}

let stack: TestStack;
let db: Client;
let holder: Client;
let child: ChildProcess | undefined;
/** Every process the running test started: afterEach kills the ones still running, even after a failure. */
const started: ChildProcess[] = [];
let checker: Agent | undefined;
let socket: ClientSocket | undefined;
let dir: string;

beforeAll(async () => {
  // The processes under test are the only API and worker that matter: this one's worker is off.
  stack = await startStack({ withWorker: false });
  db = await connectDb(stack);
  holder = await connectDb(stack);
  dir = mkdtempSync(join(tmpdir(), 'rxb-drain-'));
});
// A test that failed midway leaves neither a process nor the test's lock to the next one.
afterEach(async () => {
  socket?.disconnect();
  checker?.destroy();
  for (const c of started.splice(0)) if (!hasExited(c)) c.kill('SIGKILL');
  await holder?.query('ROLLBACK').catch(() => undefined);
});
afterAll(async () => {
  await holder?.end();
  await db?.end();
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the API process on SIGTERM', () => {
  it('reports not ready at once, refuses new connections, answers every request in flight, delivers their pushes, hands its sockets over and exits 0', async () => {
    const api = apiClient(stack.apiUrl);
    const navigator = await newNavigator(stack, api);
    // A worker opens the patient's application, then stops (it has nothing running: exit 0 at once).
    const worker = await startWorkerProcess(stack.settings, dir);
    started.push(worker);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const [application] = patient.applications;
    worker.kill('SIGTERM');
    expect(await exited(worker)).toEqual({ code: 0, signal: null });
    const apiProcess = await startApiProcess(stack.settings, { SHUTDOWN_GRACE_SECONDS: '120' });
    child = apiProcess.child;
    started.push(child);
    const { port, baseUrl } = apiProcess;

    // The patient's live connection is on the process that will drain.
    socket = await connectSocket(baseUrl, { token: patient.token });
    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.applicationUpdated, (u) => heard.push(`update:${u.state}`));
    socket.on('disconnect', (reason) => heard.push(`disconnect:${reason}`));
    // A keep-alive connection opened before the signal, as a load balancer's health checker keeps one.
    checker = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(port, '/api/v1/health/ready', { agent: checker }).answer).status).toBe(200);

    // The requests in flight wait on a lock: they are still running when the signal arrives.
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE prescriptions, applications IN ACCESS EXCLUSIVE MODE');
    const load = Array.from({ length: LOAD - 1 }, () => send(port, '/api/v1/prescriptions', { token: patient.token }));
    const moving = send(port, `/api/v1/admin/applications/${application.id}/transitions`, {
      method: 'POST',
      token: navigator.token,
      body: { toState: 'AWAITING_DOCUMENTS', note: 'Moving on', ...detailsFor('AWAITING_DOCUMENTS') },
    });
    await Promise.all([...load, moving].map((r) => r.written));
    // A connection accepted after them was accepted after them (the listen queue is first in, first
    // out): once it is answered, the server holds all of them.
    expect((await send(port, '/api/v1/health/live', {}).answer).status).toBe(200);
    await eventually(
      async () =>
        (
          await db.query(
            `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        ).rowCount,
      'the requests to wait on the lock',
    );

    child.kill('SIGTERM');
    const exit = exited(child);
    // Not ready at once, on the connection the checker kept; that answer closes it. A probe that
    // reached the process before the signal did checks PostgreSQL, whose pool the held requests
    // fill: it may answer 503 naming the database (and keep the connection), which is not this answer.
    const notReady = await eventually(async () => {
      const probe = await send(port, '/api/v1/health/ready', { agent: checker }).answer;
      const status = probe.status === 503 && (JSON.parse(probe.body!) as { data: { status: string } }).data.status;
      return status === 'shutting_down' ? probe : undefined;
    }, 'the API to report not ready');
    expect(notReady.connection).toBe('close');
    // New connections are refused (a load balancer sends them elsewhere); none is reset.
    const refused = await eventually(async () => {
      const attempt = await send(port, '/api/v1/health/live', {}).answer;
      if (attempt.error && attempt.error !== 'ECONNREFUSED') throw new Error(`a new connection got ${attempt.error}`);
      return attempt.error === 'ECONNREFUSED';
    }, 'new connections to be refused');
    expect(refused).toBe(true);
    expect(child.exitCode).toBeNull();

    await holder.query('COMMIT');
    const answers = await Promise.all(load.map((r) => r.answer));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect((await moving.answer).status).toBe(200);
    // The move's push reached the socket before the server asked it to reconnect elsewhere.
    await eventually(async () => heard.includes('disconnect:io server disconnect'), 'the socket to be handed over');
    expect(heard).toEqual(['update:AWAITING_DOCUMENTS', 'disconnect:io server disconnect']);
    expect(await exit).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('the worker process on SIGTERM', () => {
  /** The worker's probes on its METRICS_PORT. */
  const probe = async (port: number, which: 'live' | 'ready') => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/${which}`);
    return { status: res.status, data: ((await res.json()) as { data: Record<string, unknown> }).data };
  };
  const verificationMails = (email: string) =>
    stack.mail.messages().filter((m) => m.to.includes(email) && /verify/i.test(m.subject)).length;

  /** A patient signs up while the test holds a lock their verification email's job must wait on. */
  async function signUpWithItsEmailJobHeld() {
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE processed_effects IN ACCESS EXCLUSIVE MODE');
    const patient = await newPatient(apiClient(stack.apiUrl));
    await eventually(
      async () =>
        (
          await db.query(
            `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        ).rowCount,
      'a job to wait on the lock',
      20_000,
    );
    return patient;
  }

  it('answers its probes on METRICS_PORT, finishes the job it is handling and exits 0', async () => {
    const metricsPort = await freePort();
    child = await startWorkerProcess(stack.settings, dir, {
      METRICS_PORT: String(metricsPort),
      SHUTDOWN_GRACE_SECONDS: '120',
    });
    started.push(child);
    // It yields shared cores to the API (WORKER_NICE, docs/architecture.md §15 Performance).
    expect(getPriority(child.pid!)).toBe(Math.max(getPriority(), stack.settings.WORKER_NICE));
    expect(await probe(metricsPort, 'live')).toEqual({ status: 200, data: { status: 'ok' } });
    const ready = await probe(metricsPort, 'ready');
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.data.details as object).sort()).toEqual([
      'database',
      'queue:applications',
      'queue:billing',
      'queue:email',
      'queue:timers',
      'redis',
      'schema',
    ]);

    // The verification email's job waits on a lock the test holds: it is running when SIGTERM comes.
    const patient = await signUpWithItsEmailJobHeld();
    child.kill('SIGTERM');
    const exit = exited(child);
    // The bound covers a niced worker (WORKER_NICE) on a machine whose cores the other test files keep busy; the wait
    // ends as soon as it answers.
    await eventually(
      async () => (await probe(metricsPort, 'ready')).status === 503,
      'the worker to report not ready',
      30_000,
    );
    expect((await probe(metricsPort, 'ready')).data).toMatchObject({ status: 'shutting_down' });
    expect((await probe(metricsPort, 'live')).status).toBe(200);
    expect(child.exitCode).toBeNull();

    await holder.query('COMMIT');
    expect(await exit).toEqual({ code: 0, signal: null });
    // The job it was handling finished before it exited: the email went out, once.
    expect(verificationMails(patient.email)).toBe(1);
  }, 120_000);

  it('leaves a job still running after SHUTDOWN_GRACE_SECONDS to another worker, and exits 0', async () => {
    child = await startWorkerProcess(stack.settings, dir, { SHUTDOWN_GRACE_SECONDS: '1' });
    started.push(child);
    const patient = await signUpWithItsEmailJobHeld();
    child.kill('SIGTERM');
    expect(await exited(child)).toEqual({ code: 0, signal: null });
    expect(verificationMails(patient.email)).toBe(0);

    // Another worker picks the job up once the first one's lock expires, and sends the email once.
    child = await startWorkerProcess(stack.settings, dir);
    started.push(child);
    await holder.query('COMMIT');
    await eventually(async () => verificationMails(patient.email) === 1, 'the job to run on the other worker', 90_000);
    child.kill('SIGTERM');
    expect(await exited(child)).toEqual({ code: 0, signal: null });
    expect(verificationMails(patient.email)).toBe(1);
  }, 180_000);
});
