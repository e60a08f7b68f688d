import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/**
 * Times every HTTP request, labelled by the route's pattern (`/api/v1/admin/patients/:id`), never
 * the URL itself: ids and queries stay out of the metrics (docs/architecture.md §13).
 */
export function httpMetrics(server: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  server.addHook('onResponse', (request, reply, done) => {
    // The web app's files and anything no route matched share one label.
    const route = request.routeOptions.url ?? 'other';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
