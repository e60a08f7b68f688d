import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';

// The spans and trace context the pipeline carries (docs/architecture.md §13 Tracing). With tracing
// off no SDK is registered: the API's no-op tracer and propagator make each of these a few calls.

export { SpanKind };

/** A W3C trace context as its headers: how a trace travels in an outbox row and a job's data. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

const tracer = () => trace.getTracer('rxbridge');

/** The active span's trace context, or null (tracing off, or no span is active). */
export function currentTraceCarrier(): TraceCarrier | null {
  const carrier: Partial<TraceCarrier> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? (carrier as TraceCarrier) : null;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent carried from another process; without it, the active span (or none). */
  parent?: TraceCarrier | null;
}

const parentContext = (parent: TraceCarrier | null | undefined) =>
  parent ? propagation.extract(ROOT_CONTEXT, parent) : context.active();

/**
 * A failed span says only the error's kind: messages may quote a patient's values (docs/architecture.md
 * §13), so none is recorded.
 */
function failed(span: Span, err: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.constructor.name : 'Error' });
}

/** Runs `work` in a new span, active while it runs (so its calls are its children), ended when it settles. */
export function inSpan<T>(name: string, opts: SpanOptions, work: () => Promise<T>): Promise<T> {
  const { kind = SpanKind.INTERNAL, attributes, parent } = opts;
  return tracer().startActiveSpan(name, { kind, attributes }, parentContext(parent), async (span) => {
    try {
      return await work();
    } catch (err) {
      failed(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * A span not made active, for work done in batches (the relay's): `carrier` passes it on as a
 * parent, `end` closes it, failed when given an error.
 */
export function openSpan(name: string, opts: SpanOptions): { carrier: TraceCarrier | null; end(err?: unknown): void } {
  const { kind = SpanKind.INTERNAL, attributes, parent } = opts;
  const ctx = parentContext(parent);
  const span = tracer().startSpan(name, { kind, attributes }, ctx);
  const carrier: Partial<TraceCarrier> = {};
  propagation.inject(trace.setSpan(ctx, span), carrier);
  return {
    carrier: carrier.traceparent ? (carrier as TraceCarrier) : null,
    end(err?: unknown) {
      if (err !== undefined) failed(span, err);
      span.end();
    },
  };
}

/** traceFields without a span: one object, never copied into (mergeTraceFields). */
const NO_TRACE = Object.freeze({});

/** What a log line says of the active span (a pino mixin): its trace and span ids, so logs and traces meet. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return NO_TRACE;
  // Not isRecording(): the request line is written once the request's span has ended.
  const ids = span.spanContext();
  return isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : NO_TRACE;
}

/** pino's merge of traceFields into a line: as pino's own, but a line without a span costs no copy. */
export function mergeTraceFields(line: object, fields: object): object {
  return fields === NO_TRACE ? line : Object.assign(fields, line);
}

/** Names the active span (the API's request span) and tags it, e.g. with the route and request id. */
export function describeActiveSpan(name: string, attributes: Attributes): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.updateName(name);
  span.setAttributes(attributes);
}
