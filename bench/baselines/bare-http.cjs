// Baseline: the machine's ceiling for a JSON answer over Node's own http (bench/http.ts).
const http = require('node:http');
const { Buffer } = require('node:buffer');

const body = JSON.stringify({ hello: 'world' });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
