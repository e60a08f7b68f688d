'use strict';
// The load generator of the mixed-load figure (bench/mixed.ts), in a process of its own so it never
// shares the API's event loop or the bench's. It gets its plan over IPC, drives each kind of user at
// its share of the step's rate with autocannon, and answers with each kind's figures
// (docs/benchmarks.md, "Running the benchmarks" says how the load is shaped and why).
const { setTimeout: delay } = require('node:timers/promises');
const autocannon = require('autocannon');

/** Requests one connection is asked for per second: enough connections that a share is reachable while answers take up to 100 ms. */
const PER_CONNECTION = 10;
/** autocannon sends a connection's quota at the start of each second: instances started this many times a second spread it. */
const WAVES = 10;
/** Seconds before an unanswered request counts as failed: far past the 100 ms limit, well inside a step. */
const TIMEOUT_SECONDS = 2;

const randomAddress = () => `10.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`;

/** Patients: the dashboard's first load (profile, prescriptions, applications, subscriptions, payments). */
function patientLoad(plan) {
  let next = 0;
  const bearer = (req, context) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${context.token}` } });
  // autocannon gives each round of a connection's requests a fresh context: each round is the next patient.
  const first = (req, context) => {
    context.token = plan.patients[next++ % plan.patients.length].token;
    return bearer(req, context);
  };
  return [
    { method: 'GET', path: '/api/v1/users/profile', setupRequest: first },
    { method: 'GET', path: '/api/v1/prescriptions', setupRequest: bearer },
    { method: 'GET', path: '/api/v1/applications', setupRequest: bearer },
    { method: 'GET', path: '/api/v1/subscriptions/active', setupRequest: bearer },
    { method: 'GET', path: '/api/v1/subscriptions/payments?page=1&limit=10', setupRequest: bearer },
  ];
}

/**
 * Navigators work the queue: the list, one patient's record (an audited read), then a move of that
 * patient's application between SUBMITTED and INFO_REQUESTED (each move mails the patient and
 * pushes to their sockets). Each round takes the next navigator and the next application, so two
 * connections never move one application at once; the move goes from the state the record showed,
 * so a move that failed or timed out earlier never makes the next one wrong.
 */
function navigatorLoad(plan) {
  let navigator = 0;
  let application = 0;
  const as = (req, context) => ({
    ...req,
    headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' },
  });
  return [
    {
      method: 'GET',
      path: '/api/v1/admin/applications?page=1&limit=20',
      setupRequest(req, context) {
        context.token = plan.navigators[navigator++ % plan.navigators.length].token;
        context.application = plan.applications[application++ % plan.applications.length];
        return as(req, context);
      },
    },
    {
      method: 'GET',
      setupRequest: (req, context) =>
        as({ ...req, path: `/api/v1/admin/patients/${context.application.patientId}` }, context),
      onResponse(status, body, context) {
        if (status !== 200) return;
        const { id } = context.application;
        try {
          context.state = JSON.parse(body).data.applications.find((a) => a.id === id)?.state;
        } catch {
          context.state = undefined; // not the record's envelope: the move goes from SUBMITTED
        }
      },
    },
    {
      method: 'POST',
      setupRequest(req, context) {
        const { id } = context.application;
        const toState = context.state === 'INFO_REQUESTED' ? 'SUBMITTED' : 'INFO_REQUESTED';
        const body = JSON.stringify({ toState, note: 'Mixed load' });
        return as({ ...req, path: `/api/v1/admin/applications/${id}/transitions`, body }, context);
      },
    },
  ];
}

/**
 * Sessions: logins (the next patient each) and signups, each from an address of its own, as the API
 * behind its trusted proxy (TRUST_PROXY) sees visitors: its per-address limits stay on. Two kinds,
 * so that each shows its own latency: a login is one argon2id check, a signup that and a transaction.
 */
function sessionLoad(plan) {
  let n = 0;
  const json = { 'content-type': 'application/json' };
  const from = (req, body) => ({ ...req, body, headers: { ...json, 'x-forwarded-for': randomAddress() } });
  const login = (req) => {
    const patient = plan.patients[n++ % plan.patients.length];
    return from(req, JSON.stringify({ email: patient.email, password: plan.password }));
  };
  const signup = (req) =>
    from(req, JSON.stringify({ ...plan.signup, email: `mixed.${process.pid}.${n++}.${Date.now()}@rxbridge.test` }));
  return {
    logins: [{ method: 'POST', path: '/api/v1/users/login', setupRequest: login }],
    signups: [{ method: 'POST', path: '/api/v1/users/signup', setupRequest: signup }],
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/**
 * One kind at `rate` requests/s for `seconds`: WAVES autocannon instances started evenly over the
 * first second, each with its part of the rate and connections. Latencies are every answer's own
 * (autocannon's correction for coordinated omission assumes a 1 ms interval between requests in its
 * rate mode and would record a 50 ms answer as 50 answers); a stalled server shows instead as a
 * rate not reached and as timeouts.
 */
async function runKind(url, requests, rate, seconds) {
  const total = Math.max(1, Math.round(rate));
  const connections = Math.max(1, Math.ceil(total / PER_CONNECTION));
  const waves = Math.min(WAVES, connections);
  const latencies = [];
  const statuses = {};
  const errors = {};
  const samples = [];
  // Keeps a few refused answers (request, status, body) to say what failed.
  const observed = requests.map((request) => ({
    ...request,
    onResponse(status, body, context, headers) {
      if (status >= 300 && samples.length < 5) {
        samples.push(`${status} ${request.method} ${request.path ?? ''}: ${body.slice(0, 200)}`);
      }
      request.onResponse?.(status, body, context, headers);
    },
  }));
  const share = (n, i) => Math.floor(n / waves) + (i < n % waves ? 1 : 0);
  // autocannon sends a quota at the start and on every second, the one at `duration` included, and
  // runs on to its next tick: only the requests sent within the step's seconds are counted.
  const wave = (i) =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const instance = autocannon(
        {
          url,
          duration: seconds,
          connections: share(connections, i),
          overallRate: Math.max(1, share(total, i)),
          timeout: TIMEOUT_SECONDS,
          ignoreCoordinatedOmission: true,
          requests: observed,
        },
        (error) => (error ? reject(error) : resolve()),
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        if (Date.now() - ms - started >= seconds * 1000) return;
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
      instance.on('reqError', (error) => (errors[error.message] = (errors[error.message] ?? 0) + 1));
    });
  await Promise.all(Array.from({ length: waves }, (_, i) => delay((i * 1000) / waves).then(() => wave(i))));
  latencies.sort((a, b) => a - b);
  const answered = latencies.length;
  const ok = Object.entries(statuses).reduce((sum, [code, n]) => sum + (code < 300 ? n : 0), 0);
  return {
    requests: answered,
    rps: answered / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx: answered - ok,
    errors: Object.values(errors).reduce((sum, n) => sum + n, 0),
    statuses,
    errorMessages: errors,
    samples,
  };
}

process.on('message', async ({ plan, rate, seconds }) => {
  // The shares of a day (docs/benchmarks.md, mixed load): mostly patients reading, some navigator work, few sessions.
  const sessions = sessionLoad(plan);
  const kinds = {
    patients: [patientLoad(plan), 0.85],
    navigators: [navigatorLoad(plan), 0.145],
    logins: [sessions.logins, 0.004],
    signups: [sessions.signups, 0.001],
  };
  try {
    const results = await Promise.all(
      Object.entries(kinds).map(async ([kind, [requests, share]]) => [
        kind,
        await runKind(plan.url, requests, rate * share, seconds),
      ]),
    );
    process.send({ results: Object.fromEntries(results) });
  } catch (error) {
    process.send({ error: String(error) });
  }
});
process.send({ ready: true });
