import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { marketingConsents, orders } from '../../src/server/db/schema';
import { unsubscribeLink } from '../../src/server/modules/consent/unsubscribe-link';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { HARDENING_ENV } from './harness';

/** Hostile input on the news boxes at checkout and on the unsubscribe link. */
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: HARDENING_ENV });
  guide = await insertSellableGuide(ctx, { title: 'Dakar', price: '0.00' });
});
afterAll(() => ctx.close());

const freeOrder = (body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/create-free-order',
    payload: {
      email: 'hostile@example.com',
      firstName: 'Awa',
      lastName: 'Diop',
      mobile: '+221 77 123 45 67',
      locale: 'fr',
      total: 0,
      items: [{ id: guide.id, quantity: 1 }],
      ...body,
    },
  });

describe('news boxes', () => {
  test('a box as a string, a number, an object or null is a 400 naming it; nothing is written', async () => {
    for (const value of ['true', 1, { yes: true }, null, '\u0000']) {
      for (const field of ['newsByEmail', 'newsByWhatsapp']) {
        const res = await freeOrder({ [field]: value });
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().message).toContain(field);
      }
    }
    expect(await ctx.db.select().from(orders)).toEqual([]);
    expect(await ctx.db.select().from(marketingConsents)).toEqual([]);
  });

  test('the wording cannot be sent by the client: an extra field is ignored and the shop’s own words are stored', async () => {
    const res = await freeOrder({
      newsByEmail: true,
      wording: '<script>x</script>',
      consentWording: 'anything',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(marketingConsents);
    expect(row!.wording).toMatch(/^Recevoir par e-mail les nouveautés/);
  });
});

describe('unsubscribe link', () => {
  test('odd spellings of a genuine token (padding, +/ alphabet, case, NUL, lone surrogate, dots) are 4xx and withdraw nothing', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [guide], email: 'odd@example.com' });
    const { url } = await unsubscribeLink(ctx.db, { orderId: order.id, locale: 'fr', origin: 'http://x' });
    const token = url.split('/').at(-1)!;
    const spellings = [
      `${token}=`,
      token.replace(/-/g, '+').replace(/_/g, '/'),
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      `${token.slice(0, -1)}\u0000`,
      '..%2f..%2fadmin',
      ' '.repeat(46),
      // A token with no - or _ has no +/ spelling: that one is the genuine token, not an odd spelling.
    ].filter((spelling) => spelling !== token);
    // A lone surrogate as a browser would send its bytes (encodeURIComponent refuses it).
    const segments = [...spellings.map(encodeURIComponent), `${token.slice(0, -1)}%ED%A0%80`];
    for (const spelling of segments) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({ method, url: `/api/unsubscribe/${spelling}` });
        expect(res.statusCode, `${method} ${JSON.stringify(spelling)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    const rows = await ctx.db.select().from(marketingConsents);
    expect(rows.filter((r) => r.email === 'odd@example.com')).toEqual([]);
  });

  test('a one-click POST with a huge or multipart body is refused or ignored, never a 5xx', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [guide], email: 'big@example.com' });
    const { url } = await unsubscribeLink(ctx.db, { orderId: order.id, locale: 'en', origin: 'http://x' });
    const path = new URL(url).pathname;
    const huge = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `List-Unsubscribe=One-Click&x=${'a'.repeat(100_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    const json = await ctx.app.inject({ method: 'POST', url: path, payload: { anything: true } });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('Done:');
  });
});
