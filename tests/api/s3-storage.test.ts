import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AdminGuide } from '../../src/shared/contracts/endpoints/guides.schemas';
import { orderSchema } from '../../src/shared/contracts/orders';
import { makeGuidePdf } from '../helpers/fixtures';
import { pngCover, postGuideForm } from '../helpers/multipart';
import { pdfPageTexts } from '../helpers/pdf';
import { type FakeS3, startFakeS3 } from '../helpers/s3';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { shopper } from './checkout-helpers';

const ADMIN_KEY = 's3-storage-test-key-0123456789ab';
let s3: FakeS3;
let ctx: TestContext;

beforeAll(async () => {
  s3 = await startFakeS3();
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY, ...s3.env } });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

test('with a bucket configured, a guide is uploaded, bought and downloaded through a presigned URL', async () => {
  expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);

  const created = await postGuideForm(ctx, ADMIN_KEY, {
    fields: {
      title: 'Kit de départ S3',
      description: 'Gratuit, stocké dans un bucket.',
      price: '0',
      locale: 'fr',
    },
    cover: await pngCover(600, 800, '#0f766e'),
    pdf: { fileName: 'kit.pdf', data: await makeGuidePdf('Kit de départ S3') },
  });
  expect(created.statusCode, created.body).toBe(201);
  const guide = created.json() as AdminGuide;

  // The storefront's cover and preview come out of the bucket.
  const image = await ctx.app.inject({ url: `${guide.imageUrl}?w=320` });
  expect(image.statusCode).toBe(200);
  expect((await sharp(image.rawPayload).metadata()).width).toBe(320);
  const preview = await ctx.app.inject({ url: `/api/travel-guides/${guide.id}/preview` });
  expect(preview.statusCode).toBe(200);

  const ordered = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-free-order',
    payload: { ...shopper, locale: 'fr', total: 0, items: [{ id: guide.id, quantity: 1 }] },
  });
  expect(ordered.statusCode, ordered.body).toBe(201);
  const order = orderSchema.parse(ordered.json());

  const link = await ctx.app.inject({ url: `/api/download/${order.id}/${guide.id}` });
  expect(link.statusCode, link.body).toBe(200);
  const { downloadUrl } = link.json() as { downloadUrl: string };

  // The shop checks the grant, then hands the transfer to the bucket for 15 minutes.
  const handoff = await ctx.app.inject({ url: new URL(downloadUrl, 'http://shop.test').pathname });
  expect(handoff.statusCode).toBe(302);
  expect(handoff.headers['cache-control']).toBe('private, no-store');
  const presigned = new URL(String(handoff.headers.location));
  expect(presigned.origin).toBe(s3.endpoint);
  expect(presigned.searchParams.get('X-Amz-Expires')).toBe('900');

  const file = await fetch(presigned);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/pdf');
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"/);
  const pages = await pdfPageTexts(new Uint8Array(await file.arrayBuffer()));
  expect(pages[0]).toContain('Kit de départ S3');
  // Stamped for this buyer, like every delivered copy.
  expect(pages.join('\n')).toContain(`Exemplaire personnel d'${shopper.firstName} ${shopper.lastName}`);
  expect(pages.join('\n')).toContain(order.orderNumber);

  // The ZIP of the order is streamed by the shop out of the bucket.
  const zipLink = await ctx.app.inject({ url: `/api/download/${order.id}/zip` });
  const zip = await ctx.app.inject({
    url: new URL((zipLink.json() as { downloadUrl: string }).downloadUrl, 'http://shop.test').pathname,
  });
  expect(zip.statusCode).toBe(200);
  expect(zip.headers['content-type']).toBe('application/zip');
  expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

  // A tampered grant never reaches the bucket.
  const forged = await ctx.app.inject({ url: `/api/files/${'x'.repeat(40)}` });
  expect(forged.statusCode).toBe(403);
});
