// One measured process of bench/receipt-uploads.ts (bundled and run by plain node; see bench/node-child.ts):
//   node receipt-uploads-child.mjs <huge.jpg> <receipt.pdf> <large.jpg>
// The shop on PGlite in a temporary folder, driven with inject(): six 16,000 × 16,000 JPEG receipts at
// once to one order (peak RSS, search latency meanwhile), six 6,000 × 6,000 ones (36 MP, under the
// limit) the same way, then twenty 5 MB PDFs to another order (bytes kept, emails queued). Prints
// one JSON line.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createFileStore } from '../src/server/adapters/storage/create-file-store';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/client';
import { multipartBody } from '../tests/helpers/multipart';
import { insertSellableGuide } from '../tests/helpers/orders';
import { memory, resetPeak } from './node-child';

const [jpegPath, pdfPath, largePath] = process.argv.slice(2);
if (!jpegPath || !pdfPath || !largePath) {
  throw new Error('usage: receipt-uploads-child <huge.jpg> <receipt.pdf> <large.jpg>');
}
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-receipts-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CATALOGUE_CACHE_TTL_MS: '0',
});
const database = await openPglite({ dir: path.join(dataDir, 'db') });
await database.migrate();
const files = createFileStore(config);
const app = await buildApp(config, { database, files, startWorker: false });
await app.ready();
const guide = await insertSellableGuide(
  { db: database.db, files },
  { title: 'Dakar essentiel', price: '9.00' },
);

let shopper = 0;
async function placeOrder(): Promise<string> {
  shopper++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      email: `bench${shopper}@example.com`,
      firstName: 'Awa',
      lastName: 'Diop',
      mobile: '+221 77 000 00 00',
      items: [{ id: guide.id, quantity: 1 }],
      total: 9,
      locale: 'fr',
    },
  });
  return (res.json() as { order: { id: string } }).order.id;
}
const upload = (publicId: string, data: Buffer, fileName: string, type: string, ip: string) => {
  const body = multipartBody([{ name: 'receipt', fileName, type, data }]);
  return app.inject({
    method: 'POST',
    url: `/api/orders/${publicId}/receipt`,
    payload: body.payload,
    headers: { 'content-type': body.contentType },
    remoteAddress: ip,
  });
};
const count = async (query: ReturnType<typeof sql>) =>
  Number(
    ((await database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0,
  );

// 1. Six images at once, while a shopper searches: peak RSS above the start.
async function sixAtOnce(image: Buffer, firstIp: number) {
  // One order each: an order keeps at most 5 receipts on the new code.
  const ordersToPay = await Promise.all(Array.from({ length: 6 }, () => placeOrder()));
  const rssBefore = memory().rss;
  const peakReset = resetPeak();
  let peakSampled = rssBefore;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, memory().rss);
  }, 20);
  let searching = true;
  const searchMs: number[] = [];
  const searches = (async () => {
    while (searching) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/travel-guides?search=dakar' });
      searchMs.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      upload(ordersToPay[i]!, image, `receipt-${i}.jpg`, 'image/jpeg', `10.0.${firstIp}.${i + 1}`),
    ),
  );
  const ms = performance.now() - started;
  searching = false;
  await searches;
  clearInterval(sampler);
  const peak = Math.max(memory().peak, peakSampled);
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfter = memory().rss;
  const sorted = [...searchMs].sort((a, b) => a - b);
  return {
    statuses: answers.map((a) => a.statusCode),
    messages: [...new Set(answers.map((a) => (a.statusCode >= 400 ? a.body.slice(0, 160) : 'ok')))],
    ms: Math.round(ms),
    rssBeforeMb: Math.round(rssBefore / 2 ** 20),
    peakMb: Math.round(peak / 2 ** 20),
    peakAboveBeforeMb: Math.round((peak - rssBefore) / 2 ** 20),
    rssAfterMb: Math.round(rssAfter / 2 ** 20),
    peakReset,
    searches: searchMs.length,
    searchP50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    searchMaxMs: Math.round(sorted.at(-1) ?? 0),
  };
}
// The 36 MP ones first: the 256 MP ones leave the process inflated on the old code.
const large = await sixAtOnce(await readFile(largePath), 1);
const huge = await sixAtOnce(await readFile(jpegPath), 0);

// 2. Twenty 5 MB PDFs to one order, one after another, from one client.
const pdf = await readFile(pdfPath);
const pdfOrder = await placeOrder();
const pdfStatuses: number[] = [];
for (let i = 0; i < 20; i++) {
  pdfStatuses.push(
    (await upload(pdfOrder, pdf, `receipt-${i}.pdf`, 'application/pdf', '10.0.2.1')).statusCode,
  );
}
const [order] = (
  (await database.db.execute(sql`select id from orders where public_id = ${pdfOrder}`)) as unknown as {
    rows: { id: string }[];
  }
).rows;
const storedBytes = await count(
  sql`select coalesce(sum(f.size), 0) as n from payment_proofs r join stored_files f on f.id = r.file_id where r.order_id = ${order!.id}`,
);
const emailJobs = await count(
  sql`select count(*) as n from jobs where kind = 'mobile-money-email' and payload->>'orderId' = ${order!.id}`,
);

console.log(
  JSON.stringify({
    huge,
    large,
    pdfs: { bytesEach: pdf.length, statuses: pdfStatuses, storedBytes, emailJobs },
  }),
);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
