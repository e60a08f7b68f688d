import { MetricsModule } from '@rxbridge/platform';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectSocket, type ClientSocket } from '../support/sockets';
import { waitForQueuesIdle } from '../support/idle';
import { eventually } from '../support/wait';
import { newPatient } from '../records/helpers';

let stack: TestStack;
let socket: ClientSocket | undefined;
beforeAll(async () => {
  // 0: each process picks a free port of its own for /metrics.
  stack = await startStack({ env: { METRICS_PORT: '0' } });
});
afterAll(async () => {
  socket?.disconnect();
  await stack?.close();
});

async function scrape(port: number | null): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return res.text();
}

/** The value of one sample, e.g. `http_request_duration_seconds_count{method="GET",...}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('metrics (METRICS_PORT)', () => {
  it('the API reports HTTP latency by route pattern and status, and its open sockets, on its own port only', async () => {
    const port = stack.api.get(MetricsModule).port;
    expect(port).toEqual(expect.any(Number));
    expect(port).not.toBe(Number(new URL(stack.baseUrl).port));
    const api = apiClient(stack.apiUrl);
    expect((await api.get('/health')).status).toBe(200);
    const patient = await newPatient(api);
    expect((await api.get('/documents/00000000-0000-4000-8000-000000000000/access', patient.token)).status).toBe(404);
    socket = await connectSocket(stack.baseUrl, { token: patient.token });

    const text = await scrape(port);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/health', status: '200' })).toBe(1);
    // The pattern, not the id that was asked for.
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/documents/:id/access', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(sample(text, 'socketio_connected_sockets')).toBe(1);
    expect(sample(text, 'process_cpu_seconds_total')).toEqual(expect.any(Number));
    // The public port has no /metrics.
    const pub = await fetch(`${stack.baseUrl}/metrics`);
    expect(pub.headers.get('content-type') ?? '').not.toContain('version=0.0.4');
  });

  it('the worker reports queue depths, job durations and the outbox lag', async () => {
    const port = stack.worker!.get(MetricsModule).port;
    expect(port).toEqual(expect.any(Number));
    // A signup's events reach the queues and their jobs run.
    await newPatient(apiClient(stack.apiUrl));
    await waitForQueuesIdle(stack);
    const text = await eventually(async () => {
      const t = await scrape(port);
      return (sample(t, 'bullmq_job_duration_seconds_count', { queue: 'email', outcome: 'completed' }) ?? 0) > 0
        ? t
        : undefined;
    }, 'an email job to complete');
    expect(sample(text, 'bullmq_queue_jobs', { queue: 'email', state: 'completed' })).toBeGreaterThan(0);
    expect(sample(text, 'bullmq_queue_jobs', { queue: 'billing', state: 'failed' })).toBe(0);
    expect(sample(text, 'outbox_unpublished_events')).toBe(0);
    expect(sample(text, 'outbox_lag_seconds')).toBe(0);
  });
});
