// Baseline for the live figures (bench/live.ts): a bare socket.io server with the same clients
// and rooms as the API, and an HTTP "move" that relays its message to the patient's room, then
// answers: as the API pushes a move on its commit, before its answer (docs/architecture.md §8).
// The message is the API's `application.updated`, field for field and with the same texts, so the
// clients parse what they parse from the API (docs/benchmarks.md, 2026-12-07 20:15).
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { URL } = require('node:url');
const { Server } = require('socket.io');
const { nextStepFor, stateLabel } = require('@rxbridge/domain');

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method !== 'POST' || url.pathname !== '/move') {
    res.writeHead(404).end();
    return;
  }
  const room = url.searchParams.get('room');
  const state = url.searchParams.get('state');
  const payload = {
    applicationId: url.searchParams.get('application'),
    userId: room,
    prescriptionId: url.searchParams.get('prescription'),
    medication: 'Eliquis',
    state,
    stateLabel: stateLabel(state),
    nextStep: nextStepFor(state),
    previousState: state === 'SUBMITTED' ? 'INFO_REQUESTED' : 'SUBMITTED',
    transitionId: randomUUID(),
    at: new Date().toISOString(),
  };
  io.to(room).emit('application.updated', payload);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ success: true, data: payload }));
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => socket.join(String(socket.handshake.auth.room)));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
