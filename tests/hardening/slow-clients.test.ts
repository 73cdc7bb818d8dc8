import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, HARDENING_ENV } from './harness';

/**
 * Slow clients over real sockets on 127.0.0.1, with the limits shortened so
 * the file takes seconds: headers 1 s, a request body 2 s, an upload 5 s, no traffic 3 s.
 */
const LIMITS = {
  HEADERS_TIMEOUT_MS: '1000',
  REQUEST_TIMEOUT_MS: '2000',
  UPLOAD_TIMEOUT_MS: '5000',
  IDLE_TIMEOUT_MS: '3000',
  KEEP_ALIVE_TIMEOUT_MS: '1000',
};
const SLOW_CLIENTS = Number(process.env.HARDENING_SLOW_CLIENTS ?? 200);

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ...HARDENING_ENV, ...LIMITS } });
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
});
afterAll(async () => {
  await ctx.close();
});

interface SlowClient {
  socket: Socket;
  /** Milliseconds from the start until the shop closed the connection (undefined: still open). */
  closedAfter(): number | undefined;
  answer(): string;
  stop(): void;
}

/** Sends `head` at once (if any), then `trickle` one byte a second until the shop closes the connection. */
function slowClient(head: string, trickle: string, onPort = port): SlowClient {
  const started = performance.now();
  const socket = connect(onPort, '127.0.0.1');
  let closedAt: number | undefined;
  let answer = '';
  let sent = 0;
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const timer = setInterval(() => {
    if (socket.writable && sent < trickle.length) socket.write(trickle[sent++]!);
  }, 1000);
  socket.on('close', () => {
    closedAt ??= performance.now() - started;
    clearInterval(timer);
  });
  if (head) socket.write(head);
  return {
    socket,
    closedAfter: () => closedAt,
    answer: () => answer,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stillOpen = (clients: SlowClient[]) => clients.filter((c) => c.closedAfter() === undefined).length;

const jsonHead = (length: number) =>
  `POST /api/orders/resend-links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients are timed out', () => {
  test(`${SLOW_CLIENTS} clients sending a JSON body a byte a second are answered 408 and closed at the request limit, while others are served`, async () => {
    const body = JSON.stringify({ orderNumber: 'GA-AAAAAA', email: 'slow@example.com' }).padEnd(400, ' ');
    const clients = Array.from({ length: SLOW_CLIENTS }, () => slowClient(jsonHead(body.length), body));
    await sleep(1000);
    const openAt1s = stillOpen(clients);
    // A normal shopper is served while they trickle.
    const normal = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(normal.status).toBe(200);
    await sleep(3500);
    const openAt4500ms = stillOpen(clients);
    const closed = clients.map((c) => c.closedAfter()).filter((t): t is number => t !== undefined);
    console.log(
      `[hardening] slow bodies: ${SLOW_CLIENTS} clients, open after 1 s: ${openAt1s}, after 4.5 s: ${openAt4500ms}; closed after ${Math.round(Math.min(...closed))}–${Math.round(Math.max(...closed))} ms`,
    );
    for (const c of clients) c.stop();
    expect(openAt1s).toBe(SLOW_CLIENTS);
    expect(openAt4500ms).toBe(0);
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(1900);
    const answer = clients[0]!.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('{"message":"The request body did not arrive within 2 s"}');
  });

  test('clients sending their headers a byte a second are closed at the headers limit', async () => {
    const head =
      'GET /api/travel-guides HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaa\r\n';
    const clients = Array.from({ length: 50 }, () => slowClient('', head));
    await sleep(3000);
    const open = stillOpen(clients);
    for (const c of clients) c.stop();
    console.log(`[hardening] slow headers: 50 clients, open after 3 s: ${open}`);
    expect(open).toBe(0);
  });

  test('an upload (multipart) may take longer than a JSON body, and is still closed at the upload limit', async () => {
    const boundary = 'slowboundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(200)}`;
    const head = `POST /api/admin/upload/media HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Admin-Key: ${ADMIN_KEY}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${part.length + 100}\r\n\r\n`;
    const upload = slowClient(head, part);
    await sleep(3000);
    const openAt3s = upload.closedAfter() === undefined;
    await sleep(3500);
    const closedAfter = upload.closedAfter();
    upload.stop();
    expect(openAt3s).toBe(true);
    expect(closedAfter).toBeGreaterThanOrEqual(4900);
    expect(closedAfter).toBeLessThan(6500);
  });

  test('beyond MAX_CONNECTIONS new connections are refused at once, and the shop serves again when they go', async () => {
    const capped = await createTestContext({
      renderPages: false,
      env: { ...HARDENING_ENV, ...LIMITS, MAX_CONNECTIONS: '20' },
    });
    try {
      const cappedPort = Number(new URL(await capped.app.listen({ port: 0, host: '127.0.0.1' })).port);
      const holders = Array.from({ length: 20 }, () => slowClient('', 'GET / HTTP/1.1\r\n', cappedPort));
      await sleep(300);
      const refused = slowClient('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', cappedPort);
      await sleep(300);
      expect(refused.closedAfter()).toBeDefined();
      expect(refused.answer()).toBe('');
      for (const h of holders) h.stop();
      await sleep(300);
      const served = await fetch(`http://127.0.0.1:${cappedPort}/healthz`);
      expect(served.status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});
