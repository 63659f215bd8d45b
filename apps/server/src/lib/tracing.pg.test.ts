/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, a real server process exports OpenTelemetry traces: a
 * local OTLP/HTTP stand-in receives the spans of one billing request (HTTP, Fastify, its SQL),
 * and the request id the caller sent comes back.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { databaseUrlOf, startInstance } from '../../test/instances';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** An OTLP/HTTP collector on loopback that keeps every span it is sent (JSON encoding). */
const startCollector = async () => {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of payload.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(415).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, spans, close: () => new Promise((resolve) => server.close(resolve)) };
};

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

describe('traces', () => {
  it('exports the spans of one billing request, its SQL included', async () => {
    const collector = await startCollector();
    const database = await createTestDatabase();
    cleanup.push(() => collector.close(), () => database.close());
    const instance = await startInstance({ DATABASE_URL: databaseUrlOf(database.pool!), JOBS_ENABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    cleanup.push(() => instance.stop());

    const login = await fetch(`${instance.url}/a/v1/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const response = await fetch(`${instance.url}/b/v1/Account/names`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-test-1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('trace-test-1');

    const serverSpanOf = () => collector.spans.find((s) => s.kind === 2 && attribute(s, 'url.path') === '/b/v1/Account/names');
    const deadline = Date.now() + 15_000;
    while (!serverSpanOf() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const root = serverSpanOf();
    expect(root, `spans received: ${collector.spans.map((s) => s.name).join(', ')}`).toBeDefined();

    // The request's spans: everything in its trace (SQL spans may come in a later batch).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const trace = collector.spans.filter((s) => s.traceId === root!.traceId);
    const names = trace.map((s) => s.name);
    // Fastify's spans: the request by its route pattern, and the handler.
    expect(trace.some((s) => s.name === 'request' && attribute(s, 'http.route') === '/b/v1/Account/names'), names.join(', ')).toBe(true);
    expect(names).toContain('handler - accountRoutes');
    // The SQL the handler ran, as statements (parameters never exported).
    const sql = trace.filter((s) => attribute(s, 'db.system.name') === 'postgresql' && s.name.startsWith('pg.query'));
    expect(sql.length, names.join(', ')).toBeGreaterThan(0);
    expect(sql.some((s) => /^\s*select/i.test(String(attribute(s, 'db.query.text'))))).toBe(true);
  });
});
