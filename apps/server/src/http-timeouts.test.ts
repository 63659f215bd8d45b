/** Clients that send slowly or go quiet cannot keep a connection: header, request and idle timeouts. */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/app';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await buildTestApp({ config: { HTTP_HEADERS_TIMEOUT_MS: 600, HTTP_REQUEST_TIMEOUT_MS: 1_000, HTTP_IDLE_TIMEOUT_MS: 1_500 } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/** Milliseconds until the server closes the socket (or null if it is still open after `limitMs`). */
const closedAfter = (socket: Socket, limitMs: number): Promise<number | null> => {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
};

const open = () => {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.on('data', () => undefined);
  return socket;
};

describe('HTTP timeouts', () => {
  it('drops a client that trickles its headers (slowloris)', async () => {
    const socket = open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 150);
    const ms = await closedAfter(socket, 5_000);
    clearInterval(trickle);
    expect(ms).not.toBeNull();
    expect(ms!).toBeLessThan(3_000);
  });

  it('drops a client that never finishes its request body', async () => {
    const socket = open();
    socket.write('POST /a/v1/Authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    const trickle = setInterval(() => socket.write(' '), 150);
    const ms = await closedAfter(socket, 5_000);
    clearInterval(trickle);
    expect(ms).not.toBeNull();
  });

  it('closes a connection that stays silent', async () => {
    const socket = open();
    expect(await closedAfter(socket, 5_000)).not.toBeNull();
  });

  it('keeps serving others meanwhile', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});
