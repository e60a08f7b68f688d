import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fmt, median, type Row } from './table';

const run = promisify(execFile);
const AUTOCANNON = join(__dirname, '../node_modules/autocannon/autocannon.js');
/** Seconds per path; BENCH_SECONDS=3 for a quick run. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

export interface HttpFigure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU ms the server process spent per request (from /proc), null when not known. */
  cpuPerRequest: number | null;
}

/** autocannon in a child process, so the load generator never shares the server's event loop. */
export async function autocannon(
  url: string,
  server: { cpuMs(): number },
  token?: string,
  seconds = SECONDS,
): Promise<HttpFigure> {
  const cpuBefore = server.cpuMs();
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
  if (token) args.push('-H', `Authorization=Bearer ${token}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  if (r.errors) throw new Error(`${url}: ${r.errors} connection errors`);
  const cpuPerRequest = r.requests.total ? (server.cpuMs() - cpuBefore) / r.requests.total : null;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, cpuPerRequest };
}

export const describeHttp = (f: HttpFigure) =>
  `${fmt(f.rps)} req/s, p50 ${fmt(f.p50)} ms, p99 ${fmt(f.p99)} ms${
    f.cpuPerRequest === null ? '' : `, CPU ${fmt(f.cpuPerRequest, 2)} ms/req`
  }${f.non2xx ? `, ${fmt(f.non2xx)} non-2xx` : ''}`;

/** The median of several runs, figure by figure. */
export const medianHttp = (runs: HttpFigure[]): HttpFigure => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  non2xx: median(runs.map((r) => r.non2xx)),
  cpuPerRequest: median(runs.map((r) => r.cpuPerRequest ?? NaN)),
});

export interface HttpRuns {
  bare: HttpFigure[];
  config: HttpFigure[];
  health: HttpFigure[];
  prescriptions: HttpFigure[];
  payments: HttpFigure[];
}

/** A short unrecorded pass over the API paths, so that the first run is not the JIT's warm-up. */
export async function warmUp(api: { url: string; cpuMs(): number }, token: string): Promise<void> {
  const apiUrl = `${api.url}/api/v1`;
  for (const path of ['/config', '/health']) await autocannon(`${apiUrl}${path}`, api, undefined, 2);
  for (const path of ['/prescriptions', '/subscriptions/payments']) await autocannon(`${apiUrl}${path}`, api, token, 2);
}

/** One run of every path; `after(name)` follows each API path (the CPU profile of that path alone). */
export async function measureHttp(
  bare: { url: string; cpuMs(): number },
  api: { url: string; cpuMs(): number },
  token: string,
  into: HttpRuns,
  after: (name: string) => Promise<void>,
): Promise<void> {
  const apiUrl = `${api.url}/api/v1`;
  into.bare.push(await autocannon(bare.url, bare));
  await after('startup');
  into.config.push(await autocannon(`${apiUrl}/config`, api));
  await after('config');
  into.health.push(await autocannon(`${apiUrl}/health`, api));
  await after('health');
  into.prescriptions.push(await autocannon(`${apiUrl}/prescriptions`, api, token));
  await after('prescriptions');
  into.payments.push(await autocannon(`${apiUrl}/subscriptions/payments`, api, token));
  await after('payments');
}

export function httpRows(runs: HttpRuns): Row[] {
  const [bare, config, health, prescriptions, payments] = [
    runs.bare,
    runs.config,
    runs.health,
    runs.prescriptions,
    runs.payments,
  ].map(medianHttp);
  const p99 = (f: HttpFigure) => f.p99 < 50;
  const row = (measure: string, f: HttpFigure, name: string, base: HttpFigure, min: number | null): Row => ({
    measure,
    value: describeHttp(f),
    baseline: name,
    baselineValue: describeHttp(base),
    ratio: f.rps / base.rps,
    target: min === null ? 'p99 < 50 ms' : `>= ${min * 100}% of baseline, p99 < 50 ms`,
    met: (min === null || f.rps / base.rps >= min) && p99(f) && f.non2xx === 0,
  });
  return [
    {
      measure: 'bare Node http hello',
      value: describeHttp(bare),
      baseline: '(the ceiling)',
      baselineValue: '',
      ratio: null,
      target: '',
      met: null,
    },
    row('GET /api/v1/config', config, 'bare Node http', bare, 0.25),
    row('GET /api/v1/health', health, 'GET /config', config, null),
    row('GET /api/v1/prescriptions (token)', prescriptions, 'GET /config', config, 0.5),
    row('GET /api/v1/subscriptions/payments (token)', payments, 'GET /config', config, null),
  ];
}
