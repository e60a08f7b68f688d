import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { SETTINGS } from './settings.module';
import type { Settings } from './settings';
import { Probes, PROBE_PATHS } from './probes';

/** This process's Prometheus registry: every metric of the API or the worker registers here. */
export const METRICS = Symbol('METRICS');

/**
 * Serves GET /metrics (Prometheus text format) on a port of its own, METRICS_PORT, never on the
 * public one: the numbers are for the operator's scraper, not for visitors (README "Metrics").
 * Off when METRICS_PORT is not set. The same port answers the probes (PROBE_PATHS), the only HTTP
 * the worker serves (docs/architecture.md §1 Processes).
 */
@Global()
@Module({
  providers: [
    {
      provide: METRICS,
      useFactory: () => {
        const registry = new Registry();
        collectDefaultMetrics({ register: registry });
        return registry;
      },
    },
  ],
  exports: [METRICS],
})
export class MetricsModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    @Inject(METRICS) private readonly registry: Registry,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Probes) private readonly probes: Probes,
  ) {}

  /** Where /metrics listens, once started (null when off). */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  /**
   * Listens from the modules' init on, before the app's own init hooks (this module is global, so its hooks
   * run first): liveness answers while a worker of a new release waits there for its migrations (SchemaGate),
   * and readiness stays 503 until the schema is there, so the startup probe does not kill it
   * (docs/architecture.md §1 Probes, §11).
   */
  async onModuleInit() {
    if (this.settings.METRICS_PORT === undefined) return;
    const server = createServer((req, res) => {
      const path = req.url?.split('?')[0];
      if (req.method === 'GET' && (path === PROBE_PATHS.live || path === PROBE_PATHS.ready)) {
        return void this.answerProbe(path, res);
      }
      if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404).end();
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': this.registry.contentType }).end(text),
        (err: unknown) => {
          this.logger.error({ err }, 'metrics collection failed');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.METRICS_PORT, this.settings.METRICS_HOST, resolve);
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.settings.METRICS_HOST}:${this.port}/metrics`);
  }

  /** The probe's answer in the API's envelope (`{ success, data }`), with the API's status codes. */
  private answerProbe(path: string, res: ServerResponse) {
    const answer =
      path === PROBE_PATHS.live ? Promise.resolve({ ok: true, answer: this.probes.live() }) : this.probes.ready();
    answer.then(
      ({ ok, answer: data }) =>
        res
          .writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
          .end(JSON.stringify({ success: true, data })),
      (err: unknown) => {
        this.logger.error({ err }, 'probe failed');
        res.writeHead(500).end();
      },
    );
  }

  async onApplicationShutdown() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
