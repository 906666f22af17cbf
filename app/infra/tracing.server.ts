import { type Attributes, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

/**
 * Traces (OpenTelemetry, issue #30, docs/operations.md), on only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: the HTTP edge starts them (`startTracing`) and opens a span per request; loaders and
 * actions, legacy API calls (which carry W3C `traceparent` upstream), PDF renders and Redis
 * commands are spans inside it (`inSpan`). Spans go in batches to any OTLP/HTTP collector, read
 * from the standard OTEL_* variables. Off, the API's spans do nothing.
 */
const tracer = () => trace.getTracer("academia");

let provider: NodeTracerProvider | null = null;

/** Starts exporting when OTEL_EXPORTER_OTLP_ENDPOINT is set; true when it did. */
export function startTracing(): boolean {
  if (provider || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return provider !== null;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME || "academia" }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The async-hooks context manager and the W3C trace-context propagator.
  provider.register();
  return true;
}

/** Sends the spans still waiting (a stopping process). */
export async function flushTraces() {
  await provider?.forceFlush();
}

/** Runs `work` in a span of its own, a child of the one active; a thrown error marks the span. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, kind }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      // A thrown Response is a route's answer (a redirect, a 404), not a failure.
      if (!(error instanceof Response)) span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for a request the HTTP edge received, continuing a `traceparent` the client sent, run around `next`. */
export function requestSpan(method: string, headers: Record<string, string | string[] | undefined>, next: (span: Span) => void) {
  const parent = propagation.extract(context.active(), headers);
  const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method } }, parent);
  context.with(trace.setSpan(parent, span), () => next(span));
}

/** `traceparent` (and `tracestate`) for an outgoing call, from the active span. */
export function injectTraceHeaders(headers: Record<string, string>) {
  propagation.inject(context.active(), headers);
}

/** The active trace's id, for log lines; undefined when tracing is off. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

export { SpanKind };
