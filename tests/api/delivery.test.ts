import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { emailLog, jobs, orderItems, storedFiles } from '../../src/server/db/schema';
import { createJobHandlers } from '../../src/server/job-catalogue';
import { enqueueJob, jobQueueSignal } from '../../src/server/modules/jobs/jobs.service';
import { createJobWorker, type JobHandler, type WorkerOptions } from '../../src/server/modules/jobs/worker';
import { deliverOrderJob } from '../../src/server/modules/mail/delivery-jobs';
import { insertGuide } from '../helpers/fixtures';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import type { TestSmtpServer } from '../helpers/smtp';
import { stampedCopiesOf, stampedFileIdOf } from '../helpers/stamped-copies';
import { createMailingTestContext, createTestContext, type TestContext } from '../helpers/test-context';

let smtp: TestSmtpServer;
let ctx: TestContext;
let dakar: GuideRow;
let marrakech: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({
    MAIL_FROM: 'Guides <shop@guides.example>',
  }));
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  marrakech = await insertSellableGuide(ctx, { title: 'Marrakech en 3 jours', companion: 'Checklist Maroc' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.setRefusing(false);
});

/** Makes every pending job due now, as if its backoff had passed. */
const timePasses = () => ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.status, 'pending'));

async function paidOrder(values: Parameters<typeof insertOrder>[1]) {
  const placed = await insertOrder(ctx.db, values);
  // As checkout does: the delivery job is written with the order.
  await enqueueJob(ctx.db, deliverOrderJob(placed.order.id));
  return placed;
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const jobOf = async (orderId: string) =>
  (
    await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `deliver-order:${orderId}`))
  )[0]!;
const deliveryLog = async (orderId: string) =>
  ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));

describe('deliver-order job', () => {
  test('stamps every PDF of the order with the buyer and sends one email in the order’s language', async () => {
    const { order } = await paidOrder({
      guides: [dakar, marrakech],
      email: 'awa.diop@gmail.com',
      firstName: 'Awa',
      lastName: 'Diop',
      locale: 'fr',
    });
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);

    expect(await stampedFileIdOf(ctx.db, order.id, dakar.id, 'primary')).toBeTruthy();
    expect(await stampedFileIdOf(ctx.db, order.id, dakar.id, 'secondary')).toBeNull();
    expect(await stampedFileIdOf(ctx.db, order.id, marrakech.id, 'secondary')).toBeTruthy();

    const stampedIds = (await stampedCopiesOf(ctx.db, order.id)).map((copy) => copy.fileId);
    expect(stampedIds).toHaveLength(3);
    for (const id of stampedIds) {
      const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, id!));
      expect(file?.purpose).toBe('stamped-pdf');
      const bytes = await ctx.files.read(file!.storageKey);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = await pdfPageTexts(bytes);
      for (const text of pages) {
        expect(text).toContain(order.orderNumber);
        expect(text).toContain('Awa Diop');
        expect(text).toContain('a***p@g***.com');
        expect(text).not.toContain('awa.diop@gmail.com');
      }
    }

    const mails = mailsTo('awa.diop@gmail.com');
    expect(mails).toHaveLength(1);
    const mail = readEmail(mails[0]!.raw);
    expect(mail.subject).toBe(`Guides Afrique : vos guides de la commande ${order.orderNumber}`);
    expect(mail.headers.get('from')).toContain('shop@guides.example');
    const orderPage = `https://guides.example/order-confirmation/${order.publicId}?lang=fr`;
    expect(mail.text).toContain(orderPage);
    expect(mail.text).toContain('Dakar essentiel');
    expect(mail.text).toContain('Marrakech en 3 jours');
    expect(mail.html).toContain(`href="${orderPage}"`);
    // The email links to the order page only, never to a short-lived file link.
    expect(mail.text + mail.html).not.toContain('/api/files/');

    const [log] = await deliveryLog(order.id);
    expect(log).toMatchObject({
      kind: 'delivery',
      status: 'sent',
      attempts: 1,
      toEmail: 'awa.diop@gmail.com',
    });
    expect(log?.messageId).toBe(mail.headers.get('message-id'));
    expect(log?.sentAt).toBeInstanceOf(Date);
    expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  test('an English order gets its email in English', async () => {
    const { order } = await paidOrder({ guides: [dakar], email: 'john@example.com', locale: 'en' });
    await ctx.app.services.jobs.runDueJobs();
    const mail = readEmail(mailsTo('john@example.com')[0]!.raw);
    expect(mail.subject).toBe(`Guides Afrique: your guides from order ${order.orderNumber}`);
    expect(mail.text).toContain('Hello Awa,');
    expect(mail.text).toContain('?lang=en');
  });

  test('a name written as markup reaches the email as text', async () => {
    await paidOrder({
      guides: [dakar],
      email: 'markup@example.com',
      firstName: '<img src=x onerror=alert(1)>',
    });
    await ctx.app.services.jobs.runDueJobs();
    const mail = readEmail(mailsTo('markup@example.com')[0]!.raw);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('two workers running at once send exactly one email per order', async () => {
    const placed = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => paidOrder({ guides: [dakar], email: `racer${n}@example.com` })),
    );
    const second = createJobWorker(
      { db: ctx.db, log: ctx.app.log },
      createJobHandlers({ ...ctx.app.services, config: ctx.config }),
    );
    const ran = await Promise.all([
      ctx.app.services.jobs.runDueJobs(),
      second.runDueJobs(),
      ctx.app.services.jobs.runDueJobs(),
      second.runDueJobs(),
    ]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(6);
    for (const [n, { order }] of placed.entries()) {
      expect(mailsTo(`racer${n + 1}@example.com`)).toHaveLength(1);
      expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 1 });
    }
  });

  test('a job run again (its "done" lost in a crash) sends nothing twice and stamps nothing twice', async () => {
    const { order } = await paidOrder({ guides: [marrakech], email: 'twice@example.com' });
    await ctx.app.services.jobs.runDueJobs();
    const stampedBefore = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // The worker sent the mail and stamped, then died before recording the job as done.
    await ctx.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-worker', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, `deliver-order:${order.id}`));
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);
    expect(mailsTo('twice@example.com')).toHaveLength(1);
    expect(await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual(
      stampedBefore,
    );
    expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await deliveryLog(order.id)).toHaveLength(1);
  });

  test('a job whose worker crashed is picked up again once its lease has passed, not before', async () => {
    const { order } = await paidOrder({ guides: [dakar], email: 'crashed@example.com' });
    await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'crashed',
        lockedUntil: sql`now() + interval '1 minute'`,
      })
      .where(eq(jobs.dedupeKey, `deliver-order:${order.id}`));
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(0);
    await ctx.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, `deliver-order:${order.id}`));
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);
    expect(mailsTo('crashed@example.com')).toHaveLength(1);
    expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('a refusing SMTP server: the email is logged failed and the job retried later, then it is sent', async () => {
    const { order } = await paidOrder({ guides: [dakar], email: 'later@example.com' });
    smtp.setRefusing(true);
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);
    expect(mailsTo('later@example.com')).toHaveLength(0);
    const [failed] = await deliveryLog(order.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toMatch(/451|unavailable|rejected/i);
    const retrying = await jobOf(order.id);
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
    expect(retrying.lastError).toBeTruthy();
    // Backoff: not due yet, so a pass right away does nothing.
    expect(retrying.runAfter.getTime()).toBeGreaterThan(Date.now() + 5_000);
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(0);
    // The stamped copies were made on the first attempt anyway.
    expect(await stampedCopiesOf(ctx.db, order.id)).not.toHaveLength(0);

    smtp.setRefusing(false);
    await timePasses();
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);
    expect(mailsTo('later@example.com')).toHaveLength(1);
    const [sent] = await deliveryLog(order.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('a guide without its PDF does not hold the email back; the job retries the stamping', async () => {
    const broken = await insertGuide(ctx, { title: 'Sans PDF', withPdf: false });
    const { order } = await paidOrder({ guides: [broken], email: 'nopdf@example.com' });
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo('nopdf@example.com')).toHaveLength(1);
    const job = await jobOf(order.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toMatch(/has no primary PDF/);
    // On the retry the email is not sent again.
    await timePasses();
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo('nopdf@example.com')).toHaveLength(1);
  });

  test('a job for an order that does not exist fails for good at once', async () => {
    await enqueueJob(ctx.db, deliverOrderJob('00000000-0000-4000-8000-000000000000'));
    await ctx.app.services.jobs.runDueJobs();
    const job = await jobOf('00000000-0000-4000-8000-000000000000');
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toMatch(/does not exist/);
  });
});

describe('the worker itself', () => {
  const worker = (handler: JobHandler, options: WorkerOptions = {}) =>
    createJobWorker({ db: ctx.db, log: ctx.app.log }, { 'test-job': handler }, options);
  const testJob = (key: string) => enqueueJob(ctx.db, { kind: 'test-job', payload: { key }, dedupeKey: key });
  const jobByKey = async (key: string) =>
    (await ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, key)))[0]!;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  test('gives up after its maximum attempts and marks the job failed', async () => {
    const failing = worker(
      async () => {
        throw new Error('still broken');
      },
      { maxAttempts: 3, backoffBaseMs: 1 },
    );
    await testJob('gives-up');
    for (let i = 0; i < 5; i++) {
      await timePasses();
      await failing.runDueJobs();
    }
    expect(await jobByKey('gives-up')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'still broken',
    });
  });

  test('stopping waits for the job in hand to finish and be recorded', async () => {
    let finished = false;
    const slow = worker(
      async () => {
        await sleep(300);
        finished = true;
      },
      { pollIntervalMs: 20 },
    );
    await testJob('slow');
    slow.start();
    while ((await jobByKey('slow')).status !== 'running') await sleep(10);
    await slow.stop();
    expect(finished).toBe(true);
    expect(await jobByKey('slow')).toMatchObject({ status: 'done', lockedBy: null });
  });

  test('a heartbeat keeps a long job’s lease, so no other worker takes it over', async () => {
    let runs = 0;
    const long = worker(
      async () => {
        runs++;
        await sleep(2_200);
      },
      { leaseMs: 1_500 },
    );
    await testJob('long');
    const first = long.runDueJobs();
    await sleep(1_800);
    // Past the original lease: without the heartbeat this worker would claim the job again.
    expect(await worker(async () => {}, { leaseMs: 1_500 }).runDueJobs()).toBe(0);
    await first;
    expect(runs).toBe(1);
    expect(await jobByKey('long')).toMatchObject({ status: 'done', attempts: 1 });
  });

  test('an enqueue wakes the idle loop at once, and a steady stream of them does not put it off', async () => {
    const ran: string[] = [];
    // Polling alone would take a minute: only the in-process nudges can run these jobs in time.
    const nudged = worker(
      async (payload) => {
        ran.push((payload as { key: string }).key);
      },
      { pollIntervalMs: 60_000 },
    );
    nudged.start();
    try {
      await sleep(100); // the first pass, on start, finds nothing
      await testJob('woken');
      // Nudges every 5 ms for up to 1.5 s, as a busy shop's enqueues would send them: each comes
      // well before the previous one's 50 ms are up.
      const started = Date.now();
      const stream = setInterval(() => jobQueueSignal.emit('enqueued'), 5);
      try {
        while (Date.now() - started < 1_500 && !ran.includes('woken')) await sleep(10);
      } finally {
        clearInterval(stream);
      }
      expect(ran).toContain('woken');
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await nudged.stop();
    }
  });
});

describe('the worker loop', () => {
  test('started with the app, it delivers a queued order without anyone calling it', async () => {
    const looping = await createTestContext({
      renderPages: false,
      startWorker: true,
      env: { SMTP_URL: smtp.url },
    });
    try {
      const guide = await insertSellableGuide(looping, { title: 'Abidjan' });
      const { order } = await insertOrder(looping.db, { guides: [guide], email: 'loop@example.com' });
      await enqueueJob(looping.db, deliverOrderJob(order.id));
      const deadline = Date.now() + 10_000;
      while (mailsTo('loop@example.com').length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(mailsTo('loop@example.com')).toHaveLength(1);
    } finally {
      await looping.close();
    }
  });
});

describe('without SMTP', () => {
  test('the delivery email is written as one .eml file into the outbox folder', async () => {
    const offline = await createTestContext({ renderPages: false });
    try {
      const guide = await insertSellableGuide(offline, { title: 'Saint-Louis' });
      const { order } = await insertOrder(offline.db, {
        guides: [guide],
        email: 'offline@example.com',
        firstName: 'Fatou & <Co>',
      });
      await enqueueJob(offline.db, deliverOrderJob(order.id));
      await offline.app.services.jobs.runDueJobs();
      const names = await readdir(offline.config.outboxDir);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/\.eml$/);
      const mail = readEmail(await readFile(path.join(offline.config.outboxDir, names[0]!)));
      expect(mail.headers.get('to')).toBe('offline@example.com');
      expect(mail.headers.get('from')).toContain('guides@example.com');
      expect(mail.subject).toContain(order.orderNumber);
      expect(mail.text).toContain('Bonjour Fatou & <Co>,');
      expect(mail.html).toContain('Bonjour Fatou &amp; &lt;Co&gt;,');
      const [log] = await offline.db.select().from(emailLog).where(eq(emailLog.orderId, order.id));
      expect(log).toMatchObject({ status: 'sent', kind: 'delivery' });
    } finally {
      await offline.close();
    }
  });
});
