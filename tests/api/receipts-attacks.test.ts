import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { formatEuros, formatFcfa } from '../../src/shared/money';
import { insertGuide } from '../helpers/fixtures';
import type { GuideRow, OrderRow } from '../helpers/orders';
import { pdfGlyphs, pdfPageTexts } from '../helpers/pdf';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { flat, paidOrder, receiptOf as receiptOfOrder, receiptUrl } from './receipts-helpers';

let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
  guide = await insertGuide(ctx, { title: 'Sénégal : l’essentiel', price: '9.00', withCover: false });
});
afterAll(() => ctx?.close());

const receiptOf = (order: OrderRow) => receiptOfOrder(ctx, order);
const orderWith = (values: Partial<OrderRow>, guides: GuideRow[] = [guide]) => paidOrder(ctx, guides, values);
const url = receiptUrl;

describe('names a buyer may type', () => {
  test('Arabic and Hebrew are shaped from real glyphs and read right to left beside the French labels', async () => {
    const order = await orderWith({ firstName: 'محمد', lastName: 'שלום Diop' });
    const { bytes, text } = await receiptOf(order);
    const glyphs = await pdfGlyphs(bytes, 0);
    const arabic = glyphs.filter((g) => /arabic/i.test(g.font));
    const hebrew = glyphs.filter((g) => /hebrew/i.test(g.font));
    expect(arabic.length).toBeGreaterThanOrEqual(4);
    expect(hebrew.length).toBe(4);
    // Every letter drawn from a glyph of its font, none as the empty box (glyph 0).
    expect([...arabic, ...hebrew].every((g) => g.glyph !== 0)).toBe(true);
    expect(text).toContain('Diop');
    expect(text).toContain(`Commande n° ${order.orderNumber}`);
  });

  test('a right-to-left override in a name cannot turn the rest of the receipt backwards', async () => {
    const order = await orderWith({ firstName: '\u202eAwa', lastName: 'Diop\u2067' });
    const { text } = await receiptOf(order);
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('Awa Diop');
    expect(text).toContain(order.paymentIntentId!);
    expect(text).toContain(`Commande n° ${order.orderNumber}`);
  });

  test('markup and emoji in a name are printed as typed, never read as HTML', async () => {
    const order = await orderWith({
      firstName: '<b>Awa</b> & <style>p{display:none}</style>',
      lastName: 'Diop 😀🇸🇳',
    });
    const { text } = await receiptOf(order);
    expect(text).toContain('<b>Awa</b> & <style>p{display:none}</style> Diop');
    expect(text).toContain('Total payé');
  });

  test('a lone surrogate sent to the checkout is stored as U+FFFD and the receipt still opens', async () => {
    const free = await insertGuide(ctx, { title: 'Kit de départ', price: '0.00', withCover: false });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-free-order',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"lone@example.com","firstName":"Aw\\ud800a","lastName":"Di\\udc00op","mobile":"+221 77 123 45 67","locale":"fr","total":0,"items":[{"id":"${free.id}","quantity":1}]}`,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.email, 'lone@example.com'));
    const { text } = await receiptOf(order!);
    expect(text).toContain('Aw\ufffda Di\ufffdop');
    expect(text).toContain('Commande gratuite : aucun paiement');
  });

  test('a 300-character name is printed whole, wrapped, and the amounts stay on the page', async () => {
    const long = 'Aïssatou-'.repeat(33).slice(0, 300);
    const order = await orderWith({ firstName: long, lastName: 'Ndiaye' });
    const { pages, text } = await receiptOf(order);
    expect(pages).toHaveLength(1);
    expect(text.replace(/ /g, '')).toContain(`${long}Ndiaye`.replace(/ /g, ''));
    expect(text).toContain(`Total payé ${flat(formatFcfa(900, 'fr'))} 9 €`);
  });
});

describe('sizes', () => {
  test('50 guides run over several pages, every line and the total on them', async () => {
    const guides: GuideRow[] = [];
    for (let i = 1; i <= 50; i++) {
      guides.push(
        await insertGuide(ctx, {
          title: `Guide n° ${String(i).padStart(2, '0')}`,
          price: '1.25',
          withCover: false,
        }),
      );
    }
    const order = await orderWith({}, guides);
    const { pages, text } = await receiptOf(order);
    expect(pages.length).toBeGreaterThan(1);
    for (let i = 1; i <= 50; i++) expect(text).toContain(`Guide n° ${String(i).padStart(2, '0')}`);
    expect(text).toContain(`Total payé ${flat(formatFcfa(6250, 'fr'))} 62,50 €`);
    expect(pages.at(-1)).toContain(order.paymentIntentId!);
  });

  test('the largest amount the database holds is printed exactly in both currencies', async () => {
    const order = await orderWith({ total: '99999999.99', refundedAmount: '99999999.99' });
    const { text } = await receiptOf(order);
    const cents = 9_999_999_999;
    expect(text).toContain(`Total payé ${flat(formatFcfa(cents, 'fr'))} ${flat(formatEuros(cents, 'fr'))}`);
    expect(flat(formatFcfa(cents, 'fr'))).toBe('65 595 699 993 FCFA');
    expect(text).toContain('Montant net après remboursement 0 FCFA 0 €');
  });
});

describe('many requests', () => {
  test('two requests at once get the same receipt', async () => {
    const order = await orderWith({});
    const [a, b] = await Promise.all([
      ctx.app.inject({ url: url(order) }),
      ctx.app.inject({ url: url(order) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [textA, textB] = await Promise.all([pdfPageTexts(a.rawPayload), pdfPageTexts(b.rawPayload)]);
    expect(textA).toEqual(textB);
  });

  test('a flood from one client is slowed down with 429 and Retry-After, and nothing is typeset for it', async () => {
    const order = await orderWith({});
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => ctx.app.inject({ url: url(order), remoteAddress: '203.0.113.9' })),
    );
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeLessThanOrEqual(20);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    expect(refused[0]!.json().message).toMatch(/Too many receipts/);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect((await ctx.app.inject({ url: url(order), remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });
});
