// Baseline for the live figures (bench/live.ts): a bare socket.io server with the same clients
// and rooms as the API, and an HTTP "move" that relays its message to the patient's room, then
// answers: as the API pushes a move on its commit, before its answer (docs/architecture.md §8).
const http = require('node:http');
const { URL } = require('node:url');
const { Server } = require('socket.io');

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method !== 'POST' || url.pathname !== '/move') {
    res.writeHead(404).end();
    return;
  }
  const room = url.searchParams.get('room');
  const payload = { applicationId: url.searchParams.get('application'), state: url.searchParams.get('state') };
  io.to(room).emit('application.updated', payload);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ success: true, data: payload }));
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => socket.join(String(socket.handshake.auth.room)));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
