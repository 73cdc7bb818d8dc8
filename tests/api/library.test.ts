import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { librarySessions, orders, storedFiles, travelGuides } from '../../src/server/db/schema';
import { isSharedPage } from '../../src/server/render/pages';
import { librarySchema } from '../../src/shared/contracts/library';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, createTestContext, type TestContext } from '../helpers/test-context';
import { askSignIn, readLibrary, signIn, signInMails } from './library-helpers';

let ctx: TestContext;
let smtp: TestSmtpServer;
let dakar: GuideRow;
let marrakech: GuideRow;
let abidjan: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext());

  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  marrakech = await insertSellableGuide(ctx, { title: 'Marrakech en 3 jours', companion: 'Checklist Maroc' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan by night' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** An order of `email`, paid by `method`, made `minutesAgo` before now, then changed as the case asks. */
async function order(
  email: string,
  guides: GuideRow[],
  options: {
    method?: OrderRow['paymentMethod'];
    status?: OrderRow['status'];
    minutesAgo?: number;
    change?: Partial<OrderRow>;
  } = {},
): Promise<OrderRow> {
  const { order: row } = await insertOrder(ctx.db, { guides, email, status: options.status });
  const at = new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000);
  const [updated] = await ctx.db
    .update(orders)
    .set({
      paymentMethod: options.method ?? 'stripe',
      createdAt: at,
      completedAt: row.completedAt ? at : null,
      ...options.change,
    })
    .where(eq(orders.id, row.id))
    .returning();
  return updated!;
}

describe('the library lists', () => {
  test('every guide bought with the email, whatever its case, across methods, newest first; nothing else', async () => {
    const email = 'Aminata.Kone@Example.com';
    const card = await order(email, [dakar], { minutesAgo: 50 });
    const mobile = await order('aminata.kone@example.com', [marrakech, abidjan], {
      method: 'djamo',
      minutesAgo: 40,
      change: { mobileMoneyReference: `MM${Date.now()}` },
    });
    const cinetpay = await order('AMINATA.KONE@EXAMPLE.COM', [abidjan], {
      method: 'djamo',
      minutesAgo: 30,
      change: { providerTransactionId: `cp-${Date.now()}` },
    });
    const free = await order(email, [dakar], { method: 'free', minutesAgo: 20, change: { total: '0.00' } });
    // Not listed: not completed, revoked, refunded in full, another email.
    await order(email, [marrakech], { status: 'pending', method: 'djamo' });
    await order(email, [marrakech], { status: 'pending_verification', method: 'djamo' });
    await order(email, [marrakech], { status: 'rejected', method: 'djamo' });
    await order(email, [marrakech], { status: 'expired', method: 'djamo' });
    await order(email, [marrakech], { change: { accessRevokedAt: new Date() } });
    // A full refund as the shop records it: the amount and the revocation it writes.
    await order(email, [marrakech], { change: { refundedAmount: '9.00', accessRevokedAt: new Date() } });
    await order('aminata.kone@example.org', [marrakech]);
    await order('xaminata.kone@example.com', [marrakech]);
    // Refunded in part: still the buyer's.
    const partly = await order(email, [dakar], { minutesAgo: 10, change: { refundedAmount: '4.00' } });

    const cookie = await signIn(ctx, smtp, 'aminata.kone@example.com');
    const res = await readLibrary(ctx, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const library = librarySchema.parse(res.json());
    expect(library.email).toBe('aminata.kone@example.com');
    expect(library.guides.map((g) => [g.orderNumber, g.title])).toEqual([
      [partly.orderNumber, 'Dakar essentiel'],
      [free.orderNumber, 'Dakar essentiel'],
      [cinetpay.orderNumber, 'Abidjan by night'],
      [mobile.orderNumber, 'Abidjan by night'],
      [mobile.orderNumber, 'Marrakech en 3 jours'],
      [card.orderNumber, 'Dakar essentiel'],
    ]);
    const row = library.guides.find((g) => g.guideId === marrakech.id)!;
    expect(row).toMatchObject({
      orderId: mobile.publicId,
      slug: marrakech.slug,
      hasSecondary: true,
      orderLocale: 'fr',
      guideLocale: 'fr',
    });
    expect(new Date(row.orderedAt).getTime()).toBe(mobile.completedAt!.getTime());
  });

  test('each guide carries its sizes and data region as the order page has them (light edition or not)', async () => {
    const email = 'sizes@example.com';
    const bought = await order(email, [dakar, abidjan]);
    // Dakar gets a light copy, as the make-light-copy job records one; Abidjan has none.
    const [dakarGuide] = await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, dakar.id));
    const [lightCopy] = await ctx.db
      .insert(storedFiles)
      .values({
        storageKey: `light-${Date.now()}`,
        purpose: 'light-pdf',
        originalName: 'dakar-light.pdf',
        contentType: 'application/pdf',
        size: 1234,
        sha256: 'a'.repeat(64),
      })
      .returning();
    await ctx.db
      .update(storedFiles)
      .set({ lightFileId: lightCopy!.id })
      .where(eq(storedFiles.id, dakarGuide!.pdfPrimaryFileId!));

    const library = librarySchema.parse((await readLibrary(ctx, await signIn(ctx, smtp, email))).json());
    const orderPage = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${bought.publicId}` })).json();
    expect(library.guides).toHaveLength(2);
    for (const row of library.guides) {
      const item = orderPage.items.find((i: { guide: { id: string } }) => i.guide.id === row.guideId);
      expect(row.fileSize).toBeGreaterThan(0);
      expect([row.fileSize, row.lightFileSize, row.dataRegion]).toEqual([
        item.guide.fileSize,
        item.guide.lightFileSize,
        item.guide.dataRegion,
      ]);
    }
    expect(library.guides.find((g) => g.guideId === dakar.id)!.lightFileSize).toBe(1234);
    expect(library.guides.find((g) => g.guideId === abidjan.id)!.lightFileSize).toBeNull();
  });

  test('an order revoked after sign-in drops out; restored, it is back', async () => {
    const email = 'revoked.later@example.com';
    const bought = await order(email, [dakar]);
    const cookie = await signIn(ctx, smtp, email);
    expect(librarySchema.parse((await readLibrary(ctx, cookie)).json()).guides).toHaveLength(1);
    await ctx.db.update(orders).set({ accessRevokedAt: new Date() }).where(eq(orders.id, bought.id));
    expect(librarySchema.parse((await readLibrary(ctx, cookie)).json()).guides).toEqual([]);
    await ctx.db.update(orders).set({ accessRevokedAt: null }).where(eq(orders.id, bought.id));
    expect(librarySchema.parse((await readLibrary(ctx, cookie)).json()).guides).toHaveLength(1);
  });

  test('an email whose only orders are revoked or refunded gets no sign-in email', async () => {
    const email = 'only.refunded@example.com';
    await order(email, [dakar], { change: { refundedAmount: '9.00', accessRevokedAt: new Date() } });
    expect((await askSignIn(ctx, email)).statusCode).toBe(202);
    await ctx.app.services.jobs.runDueJobs();
    expect(signInMails(smtp, email)).toEqual([]);
  });
});

describe('downloads from the library', () => {
  test('a guide downloads through the order’s download service, stamped with the buyer’s name', async () => {
    const email = 'fatou.ndiaye@example.com';
    await insertOrder(ctx.db, { guides: [dakar], email, firstName: 'Fatou', lastName: 'Ndiaye' });
    const cookie = await signIn(ctx, smtp, email);
    const [guide] = librarySchema.parse((await readLibrary(ctx, cookie)).json()).guides;
    const link = await ctx.app.inject({ url: `/api/download/${guide!.orderId}/${guide!.guideId}` });
    expect(link.statusCode, link.body).toBe(200);
    const pdf = await ctx.app.inject({ url: link.json().downloadUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const text of await pdfPageTexts(pdf.rawPayload)) expect(text).toContain('Fatou Ndiaye');
    const zip = await ctx.app.inject({ url: `/api/download/${guide!.orderId}/zip` });
    expect(zip.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  test('no cookie, a forged, malformed or revoked one: 401 signed_out, and the cookie is cleared', async () => {
    for (const cookie of [
      undefined,
      `ga_library=${'C'.repeat(43)}`,
      'ga_library=../../etc',
      'ga_library=\u00e9',
    ]) {
      const res = await readLibrary(ctx, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'signed_out' });
      expect(String(res.headers['set-cookie'])).toMatch(/^ga_library=; Path=\/api\/library; Max-Age=0/);
    }
  });

  test('a session past its 30 days is signed out', async () => {
    const email = 'expired.session@example.com';
    await order(email, [dakar]);
    const cookie = await signIn(ctx, smtp, email);
    await ctx.db
      .update(librarySessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(librarySessions.email, email));
    expect((await readLibrary(ctx, cookie)).statusCode).toBe(401);
  });

  test('sign out ends this browser’s session only', async () => {
    const email = 'two.phones@example.com';
    await order(email, [dakar]);
    const phone = await signIn(ctx, smtp, email);
    const laptop = await signIn(ctx, smtp, email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/sign-out',
      headers: { cookie: phone },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await readLibrary(ctx, phone)).statusCode).toBe(401);
    expect((await readLibrary(ctx, laptop)).statusCode).toBe(200);
    // Signing out twice, or without a session, is still a clean answer.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/sign-out',
      headers: { cookie: phone },
    });
    expect(again.statusCode).toBe(200);
  });

  test('sign out everywhere revokes every session of that email, and only of that email', async () => {
    const email = 'everywhere@example.com';
    await order(email, [dakar]);
    await order('bystander@example.com', [dakar]);
    const a = await signIn(ctx, smtp, email);
    const b = await signIn(ctx, smtp, email);
    const other = await signIn(ctx, smtp, 'bystander@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/sign-out-everywhere',
      headers: { cookie: a },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sessionsRevoked: 2 });
    expect((await readLibrary(ctx, a)).statusCode).toBe(401);
    expect((await readLibrary(ctx, b)).statusCode).toBe(401);
    expect((await readLibrary(ctx, other)).statusCode).toBe(200);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/library/sign-out-everywhere' });
    expect(unsigned.statusCode).toBe(401);
  });

  test('a session never shows another email’s guides', async () => {
    await order('first.buyer@example.com', [marrakech]);
    await order('second.buyer@example.com', [abidjan]);
    const cookie = await signIn(ctx, smtp, 'first.buyer@example.com');
    const titles = librarySchema.parse((await readLibrary(ctx, cookie)).json()).guides.map((g) => g.title);
    expect(titles).toEqual(['Marrakech en 3 jours']);
  });
});

describe('the page', () => {
  test('/mes-guides and /my-guides are personal (never shared, private no-store, noindex); the header and the order page link to them', async () => {
    expect(isSharedPage('/mes-guides')).toBe(false);
    expect(isSharedPage('/my-guides?lang=en')).toBe(false);
    expect(isSharedPage('/MES-GUIDES/')).toBe(false);
    const pages = await createTestContext();
    try {
      for (const url of ['/mes-guides', '/my-guides?lang=en']) {
        const res = await pages.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain('<meta name="robots" content="noindex">');
        expect(res.body).toContain(url.includes('en') ? 'My guides' : 'Mes guides');
      }
      // The header links to it, and so does a completed order's page, in the page's language.
      const guide = await insertSellableGuide(pages, { title: 'Saint-Louis' });
      const { order: paid } = await insertOrder(pages.db, { guides: [guide] });
      const fr = await pages.app.inject({ url: `/order-confirmation/${paid.publicId}` });
      expect(fr.body.match(/href="\/mes-guides"/g)?.length).toBe(2);
      const en = await pages.app.inject({ url: `/order-confirmation/${paid.publicId}?lang=en` });
      expect(en.body.match(/href="\/my-guides"/g)?.length).toBe(2);
    } finally {
      await pages.close();
    }
  });
});
