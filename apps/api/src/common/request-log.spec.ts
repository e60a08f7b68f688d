import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { createLogger } from '@rxbridge/platform';
import { requestLogging } from './request-log';

/** A Fastify server with the API's logging options, writing into memory; `status` is what its one route answers. */
async function serverLogging(status: number) {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const server = Fastify(requestLogging(createLogger({ LOG_LEVEL: 'info' }, sink)));
  server.all('/api/v1/*', (_request, reply) => reply.status(status).send({}));
  await server.ready();
  return { server, lines };
}

describe('request logs', () => {
  it('are one line per request: method, path without the query, status, time and a request id, no headers', async () => {
    const { server, lines } = await serverLogging(201);
    // The query's value has letters no request id (hex digits and dashes) can hold.
    await server.inject({
      url: '/api/v1/prescriptions?token=query-secret',
      headers: { authorization: 'Bearer secret-token' },
    });
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.req).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'GET',
      path: '/api/v1/prescriptions',
    });
    expect(line.res).toEqual({ statusCode: 201 });
    expect(typeof line.responseTime).toBe('number');
    expect(line.level).toBe(30);
    expect(line.msg).toBe('request completed');
    expect(JSON.stringify(line)).not.toMatch(/secret-token|query-secret|headers/);
  });

  it('keep a well-formed request id the caller sent, and make a new one for a malformed id', async () => {
    const { server, lines } = await serverLogging(200);
    await server.inject({ url: '/api/v1/config', headers: { 'x-request-id': 'req-12345678' } });
    await server.inject({ url: '/api/v1/config', headers: { 'x-request-id': 'bad id <script>' } });
    expect(lines[0].req.id).toBe('req-12345678');
    expect(lines[1].req.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('are warnings for a 4xx and errors for a 5xx, and the health probe writes none', async () => {
    const refused = await serverLogging(404);
    await refused.server.inject({ url: '/api/v1/documents/x' });
    await refused.server.inject({ url: '/api/v1/health' });
    expect(refused.lines.map((l) => l.level)).toEqual([40]);
    const failed = await serverLogging(503);
    await failed.server.inject({ method: 'POST', url: '/api/v1/documents/upload' });
    expect(failed.lines.map((l) => [l.level, l.req.method])).toEqual([[50, 'POST']]);
  });
});
