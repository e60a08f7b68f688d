import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { SETTINGS } from './settings.module';
import type { Settings } from './settings';

/** This process's Prometheus registry: every metric of the API or the worker registers here. */
export const METRICS = Symbol('METRICS');

/**
 * Serves GET /metrics (Prometheus text format) on a port of its own, METRICS_PORT, never on the
 * public one: the numbers are for the operator's scraper, not for visitors (README "Metrics").
 * Off when METRICS_PORT is not set.
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
export class MetricsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    @Inject(METRICS) private readonly registry: Registry,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Where /metrics listens, once started (null when off). */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onApplicationBootstrap() {
    if (this.settings.METRICS_PORT === undefined) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return void res.writeHead(404).end();
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

  async onApplicationShutdown() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
