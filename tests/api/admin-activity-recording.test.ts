import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEvents, orders } from '../../src/server/db/schema';
import { activityRows, actorOf } from '../helpers/admin-activity';
import { insertGuide, makeGuidePdf } from '../helpers/fixtures';
import { type FormPart, multipartBody } from '../helpers/multipart';
import { insertOrder, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'recording-admin-key-0123456789';
const ACTOR = actorOf(ADMIN_KEY);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(() => ctx.close());

const headers = { 'x-admin-key': ADMIN_KEY };
const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers, remoteAddress: '198.51.100.61' });
const upload = (url: string, parts: FormPart[]) => {
  const form = multipartBody(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...headers, 'content-type': form.contentType },
    remoteAddress: '198.51.100.61',
  });
};
/** What the change under test recorded: the rows after the count taken before it. */
const recordedAfter = async (change: () => Promise<unknown>) => {
  const start = (await activityRows(ctx.db)).length;
  await change();
  return (await activityRows(ctx.db)).slice(start);
};

async function mobileMoneyOrder(): Promise<OrderRow> {
  const guide = await insertGuide(ctx, { title: 'Guide du Togo', withPdf: true });
  const { order } = await insertOrder(ctx.db, { guides: [guide], status: 'pending_verification' });
  const [row] = await ctx.db
    .update(orders)
    .set({ paymentMethod: 'djamo', completedAt: null })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

describe('media', () => {
  test('an upload and a removal are recorded with the name and size, never the bytes', async () => {
    const image = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    let id = '';
    const uploaded = await recordedAfter(async () => {
      const res = await upload('/api/admin/upload/media', [
        { name: 'image', fileName: 'plage.png', type: 'image/png', data: image },
        { name: 'alt', value: 'La plage' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      id = res.json().id;
    });
    expect(uploaded).toMatchObject([
      {
        actor: ACTOR,
        action: 'media.upload',
        subjectType: 'media',
        subjectId: id,
        after: { fileName: 'plage.png', alt: 'La plage', fileSize: expect.any(Number) },
      },
    ]);
    const removed = await recordedAfter(async () => {
      expect((await call('DELETE', `/api/admin/media/${id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/admin/media/${id}`)).statusCode).toBe(404);
    });
    expect(removed).toMatchObject([
      { actor: ACTOR, action: 'media.delete', subjectId: id, before: { fileName: 'plage.png' }, after: null },
    ]);
  });

  test('a refused upload records nothing', async () => {
    const rows = await recordedAfter(async () => {
      const res = await upload('/api/admin/upload/media', [
        { name: 'image', fileName: 'x.png', type: 'image/png', data: Buffer.from('not an image') },
      ]);
      expect(res.statusCode).toBe(400);
    });
    expect(rows).toEqual([]);
  });
});

describe('a guide PDF uploaded from its row', () => {
  test('is recorded with the file name and size; a second upload is refused and records nothing', async () => {
    const guide = await insertGuide(ctx, { title: 'Guide du Mali' });
    const pdf = await makeGuidePdf('Mali');
    const parts: FormPart[] = [
      { name: 'guideId', value: guide.id },
      { name: 'pdf', fileName: 'mali.pdf', type: 'application/pdf', data: pdf },
    ];
    const first = await recordedAfter(async () => {
      const res = await upload('/api/admin/upload/guide', parts);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(first).toMatchObject([
      {
        actor: ACTOR,
        action: 'guide.upload_pdf',
        subjectId: guide.id,
        before: { pdfPrimaryFileId: null },
        after: { uploaded: { pdfPrimary: { name: 'mali.pdf', size: pdf.length } } },
      },
    ]);
    const again = await recordedAfter(async () => {
      expect((await upload('/api/admin/upload/guide', parts)).statusCode).toBe(409);
    });
    expect(again).toEqual([]);
  });
});

describe('mobile money decisions', () => {
  test('validating records the status before and after; deciding again is refused and records nothing', async () => {
    const order = await mobileMoneyOrder();
    const rows = await recordedAfter(async () => {
      const res = await call('PATCH', `/api/orders/${order.id}/verify`, { verifiedBy: 'admin' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await call('PATCH', `/api/orders/${order.id}/reject`)).statusCode).toBe(409);
    });
    expect(rows).toMatchObject([
      {
        actor: ACTOR,
        action: 'order.validate',
        subjectType: 'order',
        subjectId: order.id,
        before: { orderNumber: order.orderNumber, status: 'pending_verification' },
        after: { status: 'completed', verifiedBy: 'admin' },
      },
    ]);
  });

  test('two operators deciding at once: one decision, one record', async () => {
    const order = await mobileMoneyOrder();
    const rows = await recordedAfter(async () => {
      const answers = await Promise.all([
        call('PATCH', `/api/orders/${order.id}/verify`, { verifiedBy: 'admin' }),
        call('PATCH', `/api/orders/${order.id}/reject`),
        call('PATCH', `/api/orders/${order.id}/verify`, { verifiedBy: 'admin' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subjectId).toBe(order.id);
  });

  test('rejecting is recorded too', async () => {
    const order = await mobileMoneyOrder();
    const rows = await recordedAfter(async () => {
      expect((await call('PATCH', `/api/orders/${order.id}/reject`)).statusCode).toBe(200);
    });
    expect(rows).toMatchObject([{ actor: ACTOR, action: 'order.reject', after: { status: 'rejected' } }]);
  });
});

describe("the Emails tab's Send Again", () => {
  test("is recorded in the activity and on the order's timeline; an unpaid order is refused and records nothing", async () => {
    const guide = await insertGuide(ctx, { title: 'Guide du Niger', withPdf: true });
    const { order } = await insertOrder(ctx.db, { guides: [guide] });
    const rows = await recordedAfter(async () => {
      const res = await call('POST', `/api/orders/${order.id}/deliver`, { resend: true });
      expect(res.statusCode, res.body).toBe(202);
    });
    expect(rows).toMatchObject([
      { actor: ACTOR, action: 'order.resend', subjectId: order.id, after: { to: order.email, resend: true } },
    ]);
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toMatchObject([{ kind: 'resend', actor: ACTOR }]);

    const unpaid = await mobileMoneyOrder();
    const refused = await recordedAfter(async () => {
      expect((await call('POST', `/api/orders/${unpaid.id}/deliver`, { resend: true })).statusCode).toBe(409);
    });
    expect(refused).toEqual([]);
  });
});
