import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { shopper } from '../api/checkout-helpers';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { mailText, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { expectWellFormed, HARDENING_ENV } from './harness';

let ctx: TestContext;
let smtp: TestSmtpServer;
let paid: GuideRow;
let free: GuideRow;
let order: OrderRow;
let baseUrl: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    env: { ...HARDENING_ENV, SMTP_URL: smtp.url, ALLOWED_HOSTS: 'shop.example, lan.example:8080' },
  });
  paid = await insertSellableGuide(ctx, { title: 'Guide du Sénégal', price: '12.50' });
  free = await insertSellableGuide(ctx, { title: 'Carte gratuite', price: '0.00' });
  order = (await insertOrder(ctx.db, { guides: [paid] })).order;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Every page route, the SEO files, and API reads: a bad Host must be refused on each of them. */
const pagePaths = () => [
  '/',
  '/?lang=en',
  '/guides',
  '/senegal',
  '/maroc',
  '/cote-d-ivoire',
  `/guides/${paid.slug}`,
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
  '/checkout',
  `/order-confirmation/${order.publicId}`,
  '/admin',
  '/admin/analytics',
  '/no-such-page',
  '/sitemap.xml',
  '/robots.txt',
  '/api/travel-guides',
  `/api/orders/${order.publicId}`,
];

const MALFORMED_HOSTS = [
  'a b',
  '[',
  '%',
  'evil.com:99999',
  'evil.com:0',
  'evil.com:',
  'a/b',
  'user@evil.com',
  'evil.com\\x',
  '..',
  '[::1',
  `${'a'.repeat(64)}.com`,
];

/** One raw HTTP exchange on a real socket, so the Host header is exactly what is written. */
function rawRequest(request: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(request);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe('a malformed Host header', () => {
  test('is a 400 with a JSON message on every page, never a 500', async () => {
    let requests = 0;
    for (const host of MALFORMED_HOSTS) {
      for (const url of pagePaths()) {
        const res = await ctx.app.inject({ url, headers: { host } });
        requests++;
        expect(res.statusCode, `${url} with Host ${JSON.stringify(host)}: ${res.body.slice(0, 200)}`).toBe(
          400,
        );
        expectWellFormed(res, `${url} with Host ${JSON.stringify(host)}`);
        expect(res.json().message).toBe('The Host header is missing or malformed');
      }
    }
    console.log(`[hardening] malformed Host: ${requests} requests, all 400`);
  });

  test('over a real socket: a space, a bracket, a percent, a bad port, an empty Host and HTTP/1.0 without one', async () => {
    const sent = [
      'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
      'GET /guides HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n',
      'GET /senegal HTTP/1.1\r\nHost: %\r\nConnection: close\r\n\r\n',
      'GET /sitemap.xml HTTP/1.1\r\nHost: evil.com:99999\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.0\r\n\r\n',
      'GET /robots.txt HTTP/1.0\r\n\r\n',
    ];
    for (const request of sent) {
      const answer = await rawRequest(request);
      expect(statusOf(answer), `${JSON.stringify(request)} → ${answer.slice(0, 300)}`).toBe(400);
      expect(answer).not.toMatch(/\n\s+at /); // no stack trace
    }
    // Node answers a missing Host in HTTP/1.1 itself; the page answer for HTTP/1.0 is ours, in JSON.
    expect(JSON.parse(bodyOf(await rawRequest('GET / HTTP/1.0\r\n\r\n')))).toEqual({
      message: 'The Host header is missing or malformed',
    });
    // A probe without a Host still learns whether the shop is up.
    expect(statusOf(await rawRequest('GET /healthz HTTP/1.0\r\n\r\n'))).toBe(200);
  });
});

describe('absolute URLs without PUBLIC_URL', () => {
  test('Host: evil.com never reaches canonical links, the sitemap or robots.txt: they name this machine', async () => {
    for (const url of ['/', '/guides', `/guides/${paid.slug}`, '/sitemap.xml', '/robots.txt']) {
      const res = await ctx.app.inject({ url, headers: { host: 'evil.com' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.com');
      expect(res.body, url).toContain('http://localhost:');
    }
    const page = await ctx.app.inject({ url: '/guides', headers: { host: 'evil.com' } });
    expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/guides"/);
  });

  test('an allowed host (localhost, 127.0.0.1, ALLOWED_HOSTS) is used as it was asked for', async () => {
    const cases = [
      ['shop.example', 'http://shop.example'],
      ['SHOP.example:8443', 'http://shop.example:8443'],
      ['lan.example:8080', 'http://lan.example:8080'],
      ['127.0.0.1:4321', 'http://127.0.0.1:4321'],
    ];
    for (const [host, origin] of cases) {
      const res = await ctx.app.inject({ url: '/robots.txt', headers: { host: host! } });
      expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    }
    // An entry with a port allows that port only.
    const otherPort = await ctx.app.inject({ url: '/robots.txt', headers: { host: 'lan.example:9090' } });
    expect(otherPort.body).not.toContain('lan.example');
  });

  test('an order remembers the allowed origin it was placed through, and its email links back there', async () => {
    const items = [{ id: free.id, quantity: 1 }];
    const viaAllowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-free-order',
      headers: { host: 'shop.example' },
      payload: { ...shopper, locale: 'fr', total: 0, items },
    });
    expect(viaAllowed.statusCode, viaAllowed.body).toBe(201);
    const viaEvil = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-free-order',
      headers: { host: 'evil.com' },
      payload: { ...shopper, email: 'other@example.com', locale: 'fr', total: 0, items },
    });
    expect(viaEvil.statusCode, viaEvil.body).toBe(201);
    const row = async (publicId: string) =>
      (await ctx.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
    const allowedOrder = await row(viaAllowed.json().id);
    const evilOrder = await row(viaEvil.json().id);
    expect(allowedOrder.origin).toBe('http://shop.example');
    expect(evilOrder.origin).toBeNull();

    await ctx.app.services.jobs.runDueJobs();
    const mailTo = (address: string) => {
      const message = smtp.received.find((m) => m.to.includes(address));
      expect(message, `an email to ${address}`).toBeDefined();
      return mailText(message!.raw);
    };
    expect(mailTo(shopper.email)).toContain(
      `http://shop.example/order-confirmation/${allowedOrder.publicId}?lang=fr`,
    );
    const evilMail = mailTo('other@example.com');
    expect(evilMail).not.toContain('evil.com');
    expect(evilMail).toContain(`/order-confirmation/${evilOrder.publicId}?lang=fr`);
  });

  test('a card order keeps the origin its payment was started through, whoever claims it', async () => {
    const items = [{ id: paid.id, quantity: 1 }];
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { host: 'lan.example:8080' },
      payload: { customer: { ...shopper, email: 'card@example.com' }, locale: 'en', items, amount: 12.5 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntentId, clientSecret } = started.json() as {
      paymentIntentId: string;
      clientSecret: string;
    };
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-mode/confirm-payment',
      payload: { paymentIntentId, cardNumber: '4242 4242 4242 4242' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { host: 'evil.com' },
      payload: { ...shopper, paymentIntentId, clientSecret, email: 'card@example.com', items, total: 12.5 },
    });
    // 200 when the test-mode webhook made the order first: either way it comes from the intent.
    expect([200, 201], claimed.body).toContain(claimed.statusCode);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
    expect(row!.origin).toBe('http://lan.example:8080');
  });
});
