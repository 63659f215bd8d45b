import { register } from 'node:module';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { FastifyOtelInstrumentation } from '@fastify/otel';

/**
 * OpenTelemetry traces over OTLP/HTTP (JSON): a span per request (http), per route and hook
 * (Fastify's own @fastify/otel, which hooks in as Fastify initialises) and per SQL statement (pg).
 * Call before Fastify and pg are imported. Returns the flush to run before exit.
 */
export const startTracing = ({ endpoint, serviceName }: { endpoint: string; serviceName: string }): (() => Promise<void>) => {
  // ES modules are instrumented through this loader hook; CommonJS ones (fastify, pg) by require hooks.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), { scheduledDelayMillis: 1_000 })],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      // Health checks and scrapes every few seconds would drown the traces that matter.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/healthz' || request.url === '/readyz' }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  return () => provider.shutdown();
};
