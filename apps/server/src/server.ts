/**
 * Process entry. Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set, must be in place before Fastify
 * and pg are loaded, so the server is imported only afterwards; unset, it costs nothing.
 */
import { loadTelemetryConfig } from './config';

const start = async () => {
  const telemetry = loadTelemetryConfig();
  const flush = telemetry.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./lib/tracing')).startTracing({ endpoint: telemetry.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: telemetry.OTEL_SERVICE_NAME })
    : undefined;
  const { serve } = await import('./serve');
  await serve(flush ? { flush } : {});
};

start().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
