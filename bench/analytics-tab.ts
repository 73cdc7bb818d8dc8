// The admin Analytics tab in a real browser over a large data set: from choosing a range to every
// section drawn (no loading placeholder left).
//   npx tsx bench/analytics-tab.ts [--events 1000000] [--runs 5]
// Database: DATABASE_URL (a throwaway PostgreSQL database: it is seeded), else PGlite in a
// temporary data folder. The production build runs as a real process; Chromium (Debian's) logs in
// with the admin key, then each run switches the range 7d → 90d and times until the cards, funnel,
// pages, chart and geography are all filled.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { seedAnalytics } from '../scripts/seed-analytics';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { launchBrowser } from '../tests/e2e/harness';
import { isMain, loadAverage, median, printTable, startShop } from './shop';

const ADMIN_KEY = 'bench-analytics-tab-admin-key-0123456789';

export async function runAnalyticsTabBench(options: { events: number; runs: number }) {
  const dataDir = process.env.DATABASE_URL ? undefined : await mkdtemp(path.join(os.tmpdir(), 'bench-tab-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir ?? os.tmpdir(), LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const [row] = (
      (await database.db.execute(sql`select count(*)::int as n from analytics_events`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    if ((row?.n ?? 0) < options.events * 0.9) {
      console.log(`Seeding ~${options.events} events on ${config.database.kind}…`);
      await seedAnalytics(database.db, { events: options.events - (row?.n ?? 0) });
    }
  } finally {
    // PGlite: one process at a time; the shop opens it next.
    await database.close();
  }

  const shop = await startShop({
    dataDir,
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      SEED_DEMO_DATA: 'false',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${shop.url}/admin/analytics`);
    await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    const allDrawn = () =>
      page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="analytics-loading"], [aria-busy="true"]').length === 0 &&
          document.querySelectorAll('[data-testid="analytics-card"]').length === 4,
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
    await allDrawn();
    const ms: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      await page.getByLabel('Range').selectOption('7d');
      await allDrawn();
      const t0 = performance.now();
      await page.getByLabel('Range').selectOption('90d');
      // The placeholders appear at once, then go as each answer arrives.
      await allDrawn();
      ms.push(performance.now() - t0);
    }
    printTable(
      ['database', 'runs', 'median ms', 'max ms', 'load'],
      [[config.database.kind, ms.length, Math.round(median(ms)), Math.round(Math.max(...ms)), loadAverage()]],
    );
    return { database: config.database.kind, ms };
  } finally {
    await browser.close();
    await shop.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { events: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '5' } },
  });
  runAnalyticsTabBench({ events: Number(values.events), runs: Number(values.runs) }).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
