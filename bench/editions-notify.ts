// Telling 10,000 past buyers of a new edition: the whole shop in this process (PGlite in
// a temporary folder, or DATABASE_URL), a real SMTP server (smtp-server, as the tests use), the
// outbox worker running. Publishes an edition with "tell past buyers" through the admin API and
// measures emails per second reaching the SMTP server and this process's RSS over the run.
//   npx tsx bench/editions-notify.ts   (BUYERS=10000 EDITION_EMAILS_PER_SECOND=200 by default)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { editionForm } from '../tests/helpers/editions';
import { insertSellableGuide } from '../tests/helpers/orders';
import { startSmtpServer } from '../tests/helpers/smtp';
import { isMain, loadAverage, mb, resultsDir, stamp } from './shop';

const BUYERS = Number(process.env.BUYERS ?? 10_000);
const RATE = process.env.EDITION_EMAILS_PER_SECOND ?? '200';
const ADMIN_KEY = 'bench-editions-key-0123456789abcdef';

export async function benchEditionsNotify() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-editions-'));
  const smtp = await startSmtpServer();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    ADMIN_API_KEY: ADMIN_KEY,
    PUBLIC_URL: 'https://guides.example',
    EDITION_EMAILS_PER_SECOND: RATE,
  });
  const app = await buildApp(config, { startWorker: true });
  await app.ready();
  const { db, files } = app.services;
  try {
    const guide = await insertSellableGuide({ db, files }, { title: 'Abidjan pratique' });
    // 10,000 completed orders, one address each, half in French and half in English.
    await db.execute(sql`
      with o as (
        insert into orders (public_id, order_number, status, payment_method, email, first_name, last_name,
                            phone_number, locale, total, completed_at)
        select 'bench-' || n || '-' || md5(n::text), 'GA-B' || n, 'completed', 'stripe',
               'buyer' || n || '@example.com', 'Buyer', 'N' || n, '+225 07 00 00 00',
               (case when n % 2 = 0 then 'fr' else 'en' end)::locale, 9.00, now()
        from generate_series(1, ${BUYERS}) n returning id
      )
      insert into order_items (order_id, guide_id, quantity, unit_price, title)
      select id, ${guide.id}, 1, 9.00, 'Abidjan pratique' from o`);

    const samples: number[] = [];
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const timer = setInterval(() => samples.push(process.memoryUsage().rss), 250);
    const started = Date.now();
    const form = await editionForm(ADMIN_KEY, { fields: { notifyBuyers: 'true' } });
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/guides/${guide.id}/editions`,
      ...form,
    });
    if (res.statusCode !== 201) throw new Error(`publish: ${res.statusCode} ${res.body}`);
    if (process.env.BENCH_VERBOSE) console.error(`published in ${Date.now() - started} ms: ${res.body}`);
    const published = Date.now();
    const firstTenth: number[] = [];
    while (smtp.received.length < BUYERS) {
      if (Date.now() - started > 30 * 60_000)
        throw new Error(`only ${smtp.received.length} emails in 30 min`);
      if (smtp.received.length >= BUYERS / 10 && firstTenth.length === 0) firstTenth.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (process.env.BENCH_VERBOSE && (Date.now() - published) % 5000 < 100)
        console.error(`${smtp.received.length} sent after ${Date.now() - published} ms`);
    }
    const done = Date.now();
    clearInterval(timer);
    const seconds = (done - published) / 1000;
    const tenth = Math.floor(samples.length / 10);
    const result = {
      buyers: BUYERS,
      configuredPerSecond: Number(RATE),
      publishMs: published - started,
      seconds,
      emailsPerSecond: Number((BUYERS / seconds).toFixed(1)),
      rssBefore: mb(rssBefore),
      rssAfterFirstTenth: mb(Math.max(...samples.slice(0, Math.max(tenth, 1)))),
      rssPeak: mb(Math.max(...samples)),
      rssLastTenth: mb(Math.max(...samples.slice(-Math.max(tenth, 1)))),
      duplicates: smtp.received.length - new Set(smtp.received.map((m) => m.to[0])).size,
      load: loadAverage(),
      node: process.version,
      cpus: os.cpus().length,
    };
    console.log(JSON.stringify(result, null, 2));
    await writeFile(
      path.join(await resultsDir(), `editions-notify-${stamp()}.json`),
      JSON.stringify(result, null, 2),
    );
    return result;
  } finally {
    await app.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchEditionsNotify();
