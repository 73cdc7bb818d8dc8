import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { HARDENING_ENV } from './harness';

/**
 * Stopping the shop (SIGTERM, a deploy) while a request is being answered: the answer still
 * arrives, and its kept-alive connection does not hold the shop open for KEEP_ALIVE_TIMEOUT_MS
 * (72 s by default) afterwards.
 */
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: HARDENING_ENV });
  port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await ctx.close();
});

const until = async (condition: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a request in flight when the shop stops', () => {
  test('is answered, then its connection is closed at once rather than kept alive', async () => {
    const body = JSON.stringify({ orderNumber: 'GA-AAAAAA', email: 'closing@example.com' });
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let ended = false;
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      ended = true;
    });
    // "Expect: 100-continue": the shop says "100 Continue" once it has the request's headers, so the
    // request is under way before the shop starts stopping.
    socket.write(
      `POST /api/orders/resend-links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await until(() => answer.includes('100 Continue'), 'no 100 Continue');

    const closed = ctx.app.close();
    await until(() => !ctx.app.server.listening, 'the server did not stop listening');
    socket.write(body);

    await until(() => ended, 'the kept-alive connection was not closed');
    expect(answer).toMatch(/HTTP\/1\.1 202 /);
    await closed;
  });
});
