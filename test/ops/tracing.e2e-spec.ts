import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { startApiProcess, startWorkerProcess } from '../support/worker-process';
import { CARDS, payCheckout } from '../support/billing';
import { PASSWORD } from '../support/factories';
import type { ApplicationState } from '@rxbridge/contracts';
import {
  connectSocket,
  detailsFor,
  driveTo,
  type Api,
  move,
  newNavigator,
  newPatientWithApplications,
  pathTo,
  recordUpdates,
  waitForUpdate,
  type ClientSocket,
} from '../applications/helpers';
import { stopProcess } from '../support/processes';

// Tracing across the event pipeline (docs/architecture.md §13 Tracing): the real API and worker
// processes export to an OTLP/HTTP receiver this spec runs, and one navigator's move is one trace
// from its request to the email and the socket push.

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttributes = { key: string; value: OtlpValue }[];
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttributes };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttributes;
      }[];
    }[];
  }[];
}

const valueOf = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const attributesOf = (list: OtlpAttributes = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** An OTLP/HTTP collector in JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json): every span it was sent. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpTraces;
      for (const resource of body.resourceSpans ?? []) {
        const service = String(attributesOf(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeSpans ?? []) {
          for (const s of scope.spans ?? []) {
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              kind: s.kind,
              attributes: attributesOf(s.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// OTLP's span kinds.
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let stack: TestStack;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let worker: ChildProcess | undefined;
let api: ChildProcess | undefined;
let socket: ClientSocket | undefined;
let dir: string;
let baseUrl: string;
const apiLog: Record<string, unknown>[] = [];

beforeAll(async () => {
  // The traced processes are the only API and worker that handle anything: the stack's worker is off.
  stack = await startStack({ withWorker: false });
  receiver = await startOtlpReceiver();
  dir = mkdtempSync(join(tmpdir(), 'rxb-tracing-'));
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  worker = await startWorkerProcess(stack.settings, dir, env);
  // The API's log lines, as production writes them.
  const started = await startApiProcess(stack.settings, { ...env, LOG_LEVEL: 'info' }, (line) => apiLog.push(line));
  api = started.child;
  baseUrl = started.baseUrl;
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await stopProcess(worker, 'SIGKILL');
  await stopProcess(api, 'SIGKILL');
  await receiver?.close();
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A navigator's move with a request id of its own; resolves with the request's span once exported. */
async function tracedMove(client: Api, token: string, applicationId: string, toState: ApplicationState) {
  const requestId = `move-${randomBytes(6).toString('hex')}`;
  const res = await client.call(
    'POST',
    `/admin/applications/${applicationId}/transitions`,
    { toState, note: `Moving to ${toState}`, ...detailsFor(toState) },
    token,
    { 'x-request-id': requestId },
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe(requestId);
  const request = await eventually(
    async () => receiver.spans.find((s) => s.attributes['rxbridge.request_id'] === requestId),
    'the move request span',
    20_000,
  );
  return { request, requestId };
}

/** The spans of a trace, as they arrive. */
const spansOf = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);

describe('tracing', () => {
  it("follows a navigator's move in one trace: request, outbox relay, the worker's job, the email and the socket push", async () => {
    const client = apiClient(`${baseUrl}/api/v1`);
    const navigator = await newNavigator(stack, client);
    const patient = await newPatientWithApplications(client, ['Eliquis']);
    const [application] = patient.applications;
    // Up to the move before SUBMITTED, a state whose email the patient gets.
    const path = pathTo('SUBMITTED');
    for (const state of path.slice(0, -1))
      expect((await move(client, navigator.token, application.id, state)).status).toBe(200);
    socket = await connectSocket(baseUrl, { token: patient.token });
    const updates = recordUpdates(socket);

    const { request, requestId } = await tracedMove(client, navigator.token, application.id, 'SUBMITTED');
    await waitForUpdate(updates, (u) => u.applicationId === application.id && u.state === 'SUBMITTED');
    // The request's span names its route and request id; its trace is the move's.
    expect(request).toMatchObject({
      service: 'rxbridge-api',
      kind: SERVER,
      name: 'POST /api/v1/admin/applications/:id/transitions',
      attributes: expect.objectContaining({ 'http.route': '/api/v1/admin/applications/:id/transitions' }),
    });
    const inTrace = () => spansOf(request.traceId);
    const named = (service: string, name: string, kind: number) =>
      inTrace().find((s) => s.service === service && s.name === name && s.kind === kind);
    const found = () => {
      const smtp = named('rxbridge-worker', 'smtp send', CLIENT);
      const relay = named('rxbridge-worker', 'outbox relay application.transitioned', PRODUCER);
      const push = named('rxbridge-api', 'socket push application.updated', PRODUCER);
      // A move to SUBMITTED has one job, the email queue's (no charge, no timer to arm).
      const job = named('rxbridge-worker', 'email application.transitioned', CONSUMER);
      return smtp && relay && push && job ? { smtp, relay, push, job } : null;
    };
    const spans = await eventually(
      async () => found(),
      'the relay, job, email and push spans in the trace',
      20_000,
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}; the trace has: ${inTrace()
          .map((s) => `${s.service} ${s.name}`)
          .join(', ')}`,
      );
    });
    const { smtp, relay, push, job } = spans;

    // Parent to child: request -> relay -> job -> the email it sent; request -> push.
    expect(relay.parentSpanId).toBe(request.spanId);
    expect(job.parentSpanId).toBe(relay.spanId);
    expect(smtp.parentSpanId).toBe(job.spanId);
    expect(push.parentSpanId).toBe(request.spanId);
    // The request's statements are its children too (PostgreSQL, Redis).
    expect(
      inTrace().some((s) => s.service === 'rxbridge-api' && s.parentSpanId === request.spanId && s.kind === CLIENT),
    ).toBe(true);
    // The request's log line carries its request id and its trace's ids.
    const line = await eventually(
      async () => apiLog.find((l) => (l.req as { id?: string } | undefined)?.id === requestId),
      'the request log line',
    );
    expect(line).toMatchObject({ msg: 'request completed', trace_id: request.traceId, span_id: request.spanId });
    // No span names the patient: not the email's recipient, not a statement's values.
    expect(JSON.stringify(inTrace())).not.toContain(patient.email);
  }, 120_000);

  it("follows the first charge's Stripe call into the move that scheduled the shipment", async () => {
    const client = apiClient(`${baseUrl}/api/v1`);
    const navigator = await newNavigator(stack, client);
    const patient = await newPatientWithApplications(client, ['Eliquis']);
    const [application] = patient.applications;
    const started = await client.post('/subscriptions', {}, patient.token);
    expect(started.status).toBe(201);
    expect((await payCheckout(started.body.data.checkoutUrl, CARDS.ok)).status).toBe(303);
    await eventually(async () => {
      const subs = (await client.get('/subscriptions/active', patient.token)).body.data.subscriptions;
      return subs?.[0]?.status === 'PENDING_CHARGE';
    }, 'the card to be saved');
    await driveTo(client, navigator.token, application.id, 'APPROVED');

    const { request } = await tracedMove(client, navigator.token, application.id, 'SHIPMENT_SCHEDULED');
    const stripePort = Number(new URL(stack.stripe.url).port);
    const found = await eventually(
      async () => {
        const spans = spansOf(request.traceId);
        const job = spans.find((s) => s.name === 'billing application.transitioned' && s.kind === CONSUMER);
        const stripe = spans.find((s) => s.kind === CLIENT && s.attributes['server.port'] === stripePort);
        return job && stripe ? { job, stripe, spans } : null;
      },
      "the billing job's Stripe call in the move's trace",
      20_000,
    );
    // The Stripe call is the billing job's descendant: the charge ran inside the move's trace.
    const byId = new Map(found.spans.map((s) => [s.spanId, s]));
    let ancestor = byId.get(found.stripe.parentSpanId);
    while (ancestor && ancestor !== found.job) ancestor = byId.get(ancestor.parentSpanId);
    expect(ancestor).toBe(found.job);
    expect(found.stripe.service).toBe('rxbridge-worker');
  }, 120_000);

  it("keeps a patient's email and address out of every span: a login and a password reset", async () => {
    // The rate limits' Redis keys name the email and the visitor's address (docs/architecture.md §13 Tracing).
    const address = '203.0.113.77';
    const client = apiClient(`${baseUrl}/api/v1`, address);
    const patient = await newPatientWithApplications(client, ['Eliquis']);
    const ids = { login: `login-${randomBytes(6).toString('hex')}`, reset: `reset-${randomBytes(6).toString('hex')}` };
    const credentials = { email: patient.email, password: PASSWORD };
    const login = await client.call('POST', '/users/login', credentials, undefined, { 'x-request-id': ids.login });
    expect(login.status).toBe(200);
    const reset = await client.call('POST', '/users/forgot-password', { email: patient.email }, undefined, {
      'x-request-id': ids.reset,
    });
    expect(reset.status).toBe(200);

    const requestSpan = (id: string) => receiver.spans.find((s) => s.attributes['rxbridge.request_id'] === id);
    const redisIn = (traceId: string, name: string) =>
      spansOf(traceId).some((s) => s.kind === CLIENT && s.attributes['db.system.name'] === 'redis' && s.name === name);
    await eventually(
      async () => {
        const [loginSpan, resetSpan] = [requestSpan(ids.login), requestSpan(ids.reset)];
        if (!loginSpan || !resetSpan) return false;
        // The limiter's script and the login's forgotten failures, and the reset's email sent by the worker.
        return (
          redisIn(loginSpan.traceId, 'eval') &&
          redisIn(loginSpan.traceId, 'del') &&
          redisIn(resetSpan.traceId, 'eval') &&
          spansOf(resetSpan.traceId).some((s) => s.name === 'smtp send')
        );
      },
      "the login's and the reset's Redis spans and the reset's email",
      20_000,
    );
    // Every span of the run, each attribute that names the patient's email or address.
    const secrets = [patient.email.toLowerCase(), address];
    const leaks = receiver.spans.flatMap((s) =>
      Object.entries(s.attributes)
        .filter(([, value]) => secrets.some((secret) => String(value).toLowerCase().includes(secret)))
        .map(([key]) => `${s.service} ${s.name} ${key}`),
    );
    expect(leaks).toEqual([]);
  }, 120_000);

  it('answers every request with its x-request-id: a kept caller id, a new one otherwise, errors included', async () => {
    const kept = await fetch(`${baseUrl}/api/v1/config`, { headers: { 'x-request-id': 'caller-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('caller-12345678');
    const answers = await Promise.all([
      fetch(`${baseUrl}/api/v1/config`),
      fetch(`${baseUrl}/api/v1/health/ready`),
      fetch(`${baseUrl}/api/v1/prescriptions`),
      fetch(`${baseUrl}/api/v1/no-such-route`),
      fetch(`${baseUrl}/api/v1/config`, { headers: { 'x-request-id': 'bad id <script>' } }),
      fetch(`${baseUrl}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{',
      }),
      fetch(`${baseUrl}/api/v1/documents/%E0%A4%A`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 200, 400, 400]);
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
