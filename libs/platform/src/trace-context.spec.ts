import { Writable } from 'node:stream';
import { context, propagation, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { createLogger } from './logging';
import { currentTraceCarrier, inSpan, openSpan } from './trace-context';

/** A pino destination that keeps each line, parsed. */
function lines() {
  const seen: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { seen, stream };
}

describe('trace context with tracing off (no SDK registered)', () => {
  it('carries nothing and adds nothing to log lines', async () => {
    const { seen, stream } = lines();
    const logger = createLogger({ LOG_LEVEL: 'info' }, stream);
    await inSpan('work', {}, async () => {
      expect(currentTraceCarrier()).toBeNull();
      logger.info({ n: 1 }, 'inside');
    });
    expect(openSpan('relay', { parent: null }).carrier).toBeNull();
    expect(seen[0]).toMatchObject({ n: 1, msg: 'inside' });
    expect(seen[0]).not.toHaveProperty('trace_id');
  });
});

describe('trace context with tracing on (docs/architecture.md §13 Tracing)', () => {
  const exporter = new tracing.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
  beforeAll(() => provider.register());
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it("puts the active span's trace and span ids on each log line, and none outside a span", async () => {
    const { seen, stream } = lines();
    const logger = createLogger({ LOG_LEVEL: 'info' }, stream);
    let ids: { traceId: string; spanId: string } | undefined;
    await inSpan('request', {}, async () => {
      ids = trace.getActiveSpan()!.spanContext();
      logger.info({ req: { id: 'req-12345678' } }, 'request completed');
    });
    logger.info('outside');
    expect(seen[0]).toMatchObject({ trace_id: ids!.traceId, span_id: ids!.spanId, req: { id: 'req-12345678' } });
    expect(seen[1]).not.toHaveProperty('trace_id');
  });

  it('continues a trace across a carrier, as an outbox row and a job carry it', async () => {
    exporter.reset();
    const written = await inSpan('POST /moves', {}, async () => currentTraceCarrier());
    expect(written?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const relay = openSpan('outbox relay', { parent: written });
    relay.end();
    await expect(
      inSpan('email job', { parent: relay.carrier }, async () => Promise.reject(new Error('"Dana" refused'))),
    ).rejects.toThrow();
    const [request, relayed, job] = exporter.getFinishedSpans();
    expect(new Set([request, relayed, job].map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(relayed.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(job.parentSpanContext?.spanId).toBe(relayed.spanContext().spanId);
    // A failure names its kind only: a message may quote a patient's values.
    expect(job.status).toEqual({ code: 2, message: 'Error' });
  });
});
