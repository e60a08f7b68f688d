'use strict';
// Socket.IO clients of the scale figure (bench/sockets.ts), in a process of their own so that
// thousands of sockets never share the bench's event loop nor the server's. Over IPC it opens its
// share of the sockets, then, for each move the bench is about to make, times every one of the
// moved patient's sockets hearing `application.updated` in the new state. Times are
// process.hrtime (CLOCK_MONOTONIC, one clock for every process of the machine), in ms.
const { setTimeout, clearTimeout } = require('node:timers');
const { io } = require('socket.io-client');

const now = () => Number(process.hrtime.bigint()) / 1e6;
/** Sockets of each patient, as opened (a socket that drops later still counts as expected). */
const byPatient = new Map();
/** `patient:state` -> the move being waited for. */
const waits = new Map();
let disconnects = 0;

function open(url, patient, auth) {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.on('application.updated', (u) => {
        const at = now();
        const wait = waits.get(`${patient}:${u.state}`);
        if (!wait) return;
        wait.arrivals.push(at);
        if (wait.arrivals.length === wait.expected) wait.finish();
      });
      socket.on('disconnect', () => disconnects++);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

async function connect({ url, sockets, batch }) {
  const started = now();
  let failed = 0;
  let firstError;
  for (let i = 0; i < sockets.length; i += batch) {
    await Promise.all(
      sockets.slice(i, i + batch).map(async ({ patient, auth }) => {
        try {
          const socket = await open(url, patient, auth);
          if (!byPatient.has(patient)) byPatient.set(patient, []);
          byPatient.get(patient).push(socket);
        } catch (err) {
          failed++;
          firstError ??= String(err && err.message);
        }
      }),
    );
  }
  const connected = [...byPatient.values()].reduce((n, list) => n + list.length, 0);
  process.send({ type: 'connected', connected, failed, firstError, ms: now() - started });
}

/** Acknowledged at once; answered with the arrivals when all expected arrived or the time is up. */
function expect({ id, patient, state, timeoutMs }) {
  const key = `${patient}:${state}`;
  const expected = (byPatient.get(patient) ?? []).length;
  const wait = { arrivals: [], expected, finish: () => undefined };
  const done = () => {
    clearTimeout(timer);
    waits.delete(key);
    process.send({ type: 'heard', id, arrivals: wait.arrivals, expected, missed: expected - wait.arrivals.length });
  };
  const timer = setTimeout(done, timeoutMs);
  wait.finish = done;
  waits.set(key, wait);
  process.send({ type: 'expecting', id });
  if (expected === 0) done();
}

process.on('message', (m) => {
  if (m.type === 'connect') void connect(m);
  else if (m.type === 'expect') expect(m);
  else if (m.type === 'close') {
    // Counted before closing: the sockets' own close is a disconnect too.
    process.send({ type: 'closed', disconnects });
    for (const list of byPatient.values()) for (const socket of list) socket.close();
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
