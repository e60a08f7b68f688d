'use strict';
// The load generator of the mixed-load figure (bench/mixed.ts), in a process of its own so it never
// shares the API's event loop or the bench's. It gets its plan over IPC, runs one autocannon
// instance per kind of user at the step's rate, and answers with each kind's figures.
const autocannon = require('autocannon');

const randomAddress = () => `10.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`;

/** Patients: the dashboard's first load (profile, prescriptions, applications, subscriptions, payments). */
function patientLoad(plan, connections) {
  let next = 0;
  const bearer = (context) => ({ authorization: `Bearer ${context.token}` });
  const first = (req, context) => {
    context.token = plan.patients[next++ % plan.patients.length].token;
    return { ...req, headers: { ...req.headers, ...bearer(context) } };
  };
  const later = (req, context) => ({ ...req, headers: { ...req.headers, ...bearer(context) } });
  return {
    connections,
    requests: [
      { method: 'GET', path: '/api/v1/users/profile', setupRequest: first },
      { method: 'GET', path: '/api/v1/prescriptions', setupRequest: later },
      { method: 'GET', path: '/api/v1/applications', setupRequest: later },
      { method: 'GET', path: '/api/v1/subscriptions/active', setupRequest: later },
      { method: 'GET', path: '/api/v1/subscriptions/payments?page=1&limit=10', setupRequest: later },
    ],
  };
}

/**
 * Navigators work the queue: the list, one patient's record (an audited read), then a move of that
 * patient's application between SUBMITTED and INFO_REQUESTED (each move mails the patient and
 * pushes to their sockets). Each connection is one navigator with applications of its own, so two
 * never move the same one at once.
 */
function navigatorLoad(plan) {
  const states = new Map(plan.applications.map((a) => [a.id, 'SUBMITTED']));
  const clients = plan.navigators.map((navigator, i) => ({
    token: navigator.token,
    applications: plan.applications.filter((_, k) => k % plan.navigators.length === i),
    next: 0,
  }));
  let connection = 0;
  // `context` lives as long as its connection: the first request gives the connection its navigator.
  const as = (req, context) => {
    context.mine ??= clients[connection++ % clients.length];
    return { ...req, headers: { authorization: `Bearer ${context.mine.token}`, 'content-type': 'application/json' } };
  };
  return {
    connections: plan.navigators.length,
    requests: [
      { method: 'GET', path: '/api/v1/admin/applications?page=1&limit=20', setupRequest: as },
      {
        method: 'GET',
        setupRequest(req, context) {
          const mine = context.mine;
          context.application = mine.applications[mine.next++ % mine.applications.length];
          return as({ ...req, path: `/api/v1/admin/patients/${context.application.patientId}` }, context);
        },
      },
      {
        method: 'POST',
        setupRequest(req, context) {
          const { id } = context.application;
          const from = states.get(id);
          const toState = from === 'SUBMITTED' ? 'INFO_REQUESTED' : 'SUBMITTED';
          states.set(id, toState);
          context.moved = { id, from };
          const body = JSON.stringify({ toState, note: 'Mixed load' });
          return as({ ...req, path: `/api/v1/admin/applications/${id}/transitions`, body }, context);
        },
        // A refused move leaves the application where it was.
        onResponse(status, _body, context) {
          if (status !== 200) states.set(context.moved.id, context.moved.from);
        },
      },
    ],
  };
}

/** Sessions: four logins and a signup, each from an address of its own. */
function sessionLoad(plan) {
  let n = 0;
  const login = (req) => {
    const patient = plan.patients[n++ % plan.patients.length];
    const body = JSON.stringify({ email: patient.email, password: plan.password });
    return { ...req, body, headers: { ...req.headers, 'x-forwarded-for': randomAddress() } };
  };
  const signup = (req) => {
    const email = `mixed.${process.pid}.${n++}.${Date.now()}@rxbridge.test`;
    const body = JSON.stringify({ ...plan.signup, email });
    return { ...req, body, headers: { ...req.headers, 'x-forwarded-for': randomAddress() } };
  };
  const json = { 'content-type': 'application/json' };
  return {
    connections: 2,
    requests: [
      ...Array.from({ length: 4 }, () => ({
        method: 'POST',
        path: '/api/v1/users/login',
        headers: json,
        setupRequest: login,
      })),
      { method: 'POST', path: '/api/v1/users/signup', headers: json, setupRequest: signup },
    ],
  };
}

function run(url, options, rate, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, duration: seconds, overallRate: Math.max(1, Math.round(rate)), timeout: 10, ...options },
      (error, r) => {
        if (error) return reject(error);
        resolve({
          requests: r.requests.total,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        });
      },
    );
  });
}

process.on('message', async ({ plan, rate, seconds }) => {
  // The shares of a day (docs/benchmarks.md, mixed load): mostly patients reading, some navigator work, few sessions.
  const kinds = {
    patients: [patientLoad(plan, 40), 0.85],
    navigators: [navigatorLoad(plan), 0.145],
    sessions: [sessionLoad(plan), 0.005],
  };
  try {
    const results = await Promise.all(
      Object.entries(kinds).map(async ([kind, [options, share]]) => [
        kind,
        await run(plan.url, options, rate * share, seconds),
      ]),
    );
    process.send({ results: Object.fromEntries(results) });
  } catch (error) {
    process.send({ error: String(error) });
  }
});
process.send({ ready: true });
