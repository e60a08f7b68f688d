import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { loggerOptions } from './logging';
import type { Settings } from './settings';

/** The request log line keeps its fields (method, path, status, time, request id) and nothing else. */
async function logLineFor(path: string, headers: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { pinoHttp: options } = loggerOptions({ LOG_LEVEL: 'info' } as Settings) as { pinoHttp: object };
  const logger = pinoHttp(options, stream);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    logger(req, res);
    res.statusCode = 201;
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { Authorization: 'Bearer secret-token', ...headers },
    });
    await res.text();
    for (let i = 0; i < 50 && !lines.length; i++) await new Promise((r) => setTimeout(r, 10));
    return JSON.parse(lines[0]) as Record<string, any>;
  } finally {
    server.close();
  }
}

describe('request logs', () => {
  it('carry method, path without the query, status, time and a request id, and no headers', async () => {
    // The query's value has letters no request id (hex digits and dashes) can hold.
    const line = await logLineFor('/api/v1/prescriptions?token=query-secret');
    expect(line.req).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'GET',
      path: '/api/v1/prescriptions',
    });
    expect(line.res).toEqual({ statusCode: 201 });
    expect(typeof line.responseTime).toBe('number');
    expect(line.level).toBe(30);
    expect(JSON.stringify(line)).not.toMatch(/secret-token|query-secret|headers/);
  });

  it('keep a well-formed request id the caller sent', async () => {
    const line = await logLineFor('/api/v1/config', { 'X-Request-Id': 'req-12345678' });
    expect(line.req.id).toBe('req-12345678');
  });
});
