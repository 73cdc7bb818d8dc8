import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type StripeFake, startStripeFake } from '../../src/server/adapters/payments/stripe-fake';
import { createS3FileStore } from '../../src/server/adapters/storage/s3';
import type { Guide } from '../../src/shared/contracts/catalogue';
import type { Order } from '../../src/shared/contracts/orders';
import { readEmail } from '../helpers/mail';
import { type FakeS3, startFakeS3 } from '../helpers/s3';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { type RunningShop, startShop } from './harness';

const ADMIN_KEY = 'multi-instance-admin-key-0123456789';
const STRIPE_KEY = `sk_test_shared_${randomBytes(8).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const shopper = {
  email: 'moussa.ba@example.com',
  firstName: 'Moussa',
  lastName: 'Bâ',
  mobile: '+221 77 000 11 22',
};

let s3: FakeS3;
let smtp: TestSmtpServer;
let stripe: StripeFake;
let one: RunningShop;
let other: RunningShop;

/** Every file of a data folder's local store, copied to the bucket under the same key. */
async function copyFilesToBucket(dataDir: string): Promise<void> {
  const bucket = createS3FileStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });
  const root = path.join(dataDir, 'files');
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    await bucket.put(path.relative(root, file).split(path.sep).join('/'), await readFile(file));
  }
}

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// Several instances need a database they can share: PostgreSQL (CI's second run).
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database and one bucket', () => {
  beforeAll(async () => {
    [s3, smtp] = await Promise.all([startFakeS3(), startSmtpServer()]);
    // One Stripe for both instances, as in production; its webhooks go to the second instance.
    stripe = await startStripeFake({
      apiKey: STRIPE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: () => (other ? `${other.url}/api/stripe/webhook` : undefined),
      retryDelaysMs: [200, 500, 1000, 2000],
    });
    const env = {
      ...s3.env,
      ADMIN_API_KEY: ADMIN_KEY,
      SMTP_URL: smtp.url,
      STRIPE_TEST_API_URL: `http://${stripe.host}:${stripe.port}`,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // A long cache lifetime: only the cross-instance notification can make a change show at once.
      CATALOGUE_CACHE_TTL_MS: '600000',
    };
    one = await startShop({ env, prepare: ({ dataDir }) => copyFilesToBucket(dataDir) });
    other = await startShop({ env, shareDatabaseOf: one });
  }, 180_000);

  afterAll(async () => {
    await other?.stop();
    await one?.stop();
    await stripe?.close();
    await Promise.all([s3?.close(), smtp?.close()]);
  });

  test('a cart priced by one is paid through the other, the webhook to one completes the order made through the other, and one email is sent', async () => {
    const guides = await json<Guide[]>(await fetch(`${one.url}/api/travel-guides?locale=fr`));
    const guide = guides.find((g) => Number(g.price) > 0) as Guide;
    const items = [{ id: guide.id, quantity: 1 }];

    // The payment is prepared by the first instance…
    const intent = await json<{ paymentIntentId: string; clientSecret: string }>(
      await post(`${one.url}/api/create-payment-intent`, {
        items,
        amount: Number(guide.price),
        customer: shopper,
        locale: 'fr',
      }),
    );
    // …the card is confirmed through the second, whose webhook is told of it by Stripe…
    await json(
      await post(`${other.url}/api/test-mode/confirm-payment`, {
        paymentIntentId: intent.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
      }),
    );
    // …and the browser claims the order through the first.
    const claim = await post(`${one.url}/api/orders`, {
      ...shopper,
      locale: 'fr',
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      items,
      total: Number(guide.price),
    });
    expect([200, 201]).toContain(claim.status);
    const order = (await claim.json()) as Order;
    expect(order.status).toBe('completed');

    // The webhook reached the second instance and found the same order.
    await expect
      .poll(() => stripe.deliveries().filter((d) => d.objectId === intent.paymentIntentId && d.ok).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const seenByOther = await json<Order>(await fetch(`${other.url}/api/orders/${order.id}`));
    expect(seenByOther.orderNumber).toBe(order.orderNumber);

    // Both outbox workers run; the delivery email goes out exactly once.
    const deliveries = () =>
      smtp.received.filter(
        (m) => m.to.includes(shopper.email) && readEmail(m.raw).text.includes(order.orderNumber),
      );
    await expect.poll(() => deliveries().length, { timeout: 30_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 3000));
    expect(deliveries().length).toBe(1);

    // The stamped PDF comes out of the shared bucket, whichever instance is asked.
    const link = await json<{ downloadUrl: string }>(
      await fetch(`${other.url}/api/download/${order.id}/${guide.id}`),
    );
    const handoff = await fetch(new URL(link.downloadUrl, other.url), { redirect: 'manual' });
    expect(handoff.status, `${link.downloadUrl} ${await handoff.clone().text()}`).toBe(302);
    const pdf = await fetch(String(handoff.headers.get('location')));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 90_000);

  test('an admin change made through one instance shows on the other at once', async () => {
    const titles = async () =>
      (await json<Guide[]>(await fetch(`${other.url}/api/travel-guides?locale=fr`))).map((g) => g.title);
    const [guide] = await json<Guide[]>(await fetch(`${one.url}/api/travel-guides?locale=fr`));
    expect(await titles()).toContain(guide?.title); // now cached by the other instance

    const renamed = `${guide?.title} (édition 2027)`;
    const edited = await fetch(`${one.url}/api/travel-guides/${guide?.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-key': ADMIN_KEY },
      body: JSON.stringify({ title: renamed, description: guide?.description, price: guide?.price }),
    });
    expect(edited.status).toBe(200);
    const started = Date.now();
    await expect.poll(titles, { timeout: 2000, interval: 20 }).toContain(renamed);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
