// Taps on a slow phone: Chromium on a 390x844 phone viewport, slow 3G (400 ms round trip,
// 400 kbit/s each way) and a 4x CPU slowdown. For the guide page, the home page and the checkout:
// first paint, when the button is drawn, when a tap is first honoured, and the taps lost out of the
// taps made every 100 ms from the moment the button is drawn until half a second after the first
// honoured one (or --until ms after first paint).
//   npx tsx bench/slow-taps.ts [--url http://127.0.0.1:3000] [--runs 1] [--until 10000]
// Without --url it starts the built shop (bench/shop.ts). The machine is shared: figures move with
// its load, which the output records.
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/harness';
import { firstGuideSlug, isMain, loadAverage, median, printTable, type RunningShop, startShop } from './shop';

export const SLOW_3G = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 };
const PHONE = { width: 390, height: 844 };
const TAP_STEP_MS = 100;

interface Scenario {
  name: string;
  path: string;
  /** The element tapped at each step (by its French label, so that any version of the shop is measured alike). */
  target(page: Page, step: number): ReturnType<Page['locator']>;
  /** How many taps the page has acted on so far. */
  honoured(page: Page): Promise<number>;
  /** Set up before the page loads (the checkout needs a cart). */
  cart?: boolean;
}

export interface TapRun {
  page: string;
  firstPaintMs: number;
  buttonDrawnMs: number;
  firstHonouredMs: number | null;
  taps: number;
  lost: number;
}

const cartQuantity = (page: Page) =>
  page.evaluate(() => {
    try {
      const items = JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[];
      return items.reduce((sum, item) => sum + item.quantity, 0);
    } catch {
      return 0;
    }
  });

/** The times the mobile-money tab became selected or unselected, counted by an observer set before load. */
const tabFlips = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tabFlips?: number }).__tabFlips ?? 0);

function scenarios(slug: string): Scenario[] {
  const add = (page: Page) => page.getByRole('button', { name: 'Ajouter au panier' }).first();
  return [
    { name: 'guide page', path: `/guides/${slug}`, target: add, honoured: cartQuantity },
    { name: 'home', path: '/', target: add, honoured: cartQuantity },
    {
      name: 'checkout',
      path: '/checkout',
      cart: true,
      // Alternately the mobile-money and the card tab: each honoured tap flips the selection.
      target: (page, step) =>
        page.getByRole('tab', { name: step % 2 === 0 ? 'Payer par mobile money' : 'Payer par carte' }),
      honoured: tabFlips,
    },
  ];
}

async function throttledPage(browser: Browser, cartGuide?: unknown): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript((guide) => {
    if (guide) localStorage.setItem('cart', JSON.stringify([{ guide, quantity: 1 }]));
    const counter = window as unknown as { __tabFlips?: number };
    counter.__tabFlips = 0;
    // React writes aria-selected only when it changes: each record on the mobile tab is one flip
    // (a MutationObserver batches records, so the state seen in a callback would miss flips).
    new MutationObserver((records) => {
      for (const record of records) {
        const tab = record.target as Element;
        if (record.oldValue !== null && /mobile/i.test(tab.textContent ?? ''))
          counter.__tabFlips = (counter.__tabFlips ?? 0) + 1;
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-selected'],
      attributeOldValue: true,
    });
  }, cartGuide ?? null);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const bytesPerSecond = (SLOW_3G.kbitPerSecond * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_3G.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_3G.cpuSlowdown });
  return page;
}

const sinceStart = (page: Page) => page.evaluate(() => performance.now());

async function runScenario(
  browser: Browser,
  baseUrl: string,
  scenario: Scenario,
  untilMs: number,
  cartGuide: unknown,
) {
  const page = await throttledPage(browser, scenario.cart ? cartGuide : undefined);
  await page.goto(`${baseUrl}${scenario.path}`, { waitUntil: 'commit' });
  await scenario.target(page, 0).waitFor({ state: 'visible', timeout: 60_000 });
  const buttonDrawnMs = await sinceStart(page);
  let taps = 0;
  let firstHonouredMs: number | null = null;
  let stopAt = untilMs;
  for (let step = 0; ; step++) {
    const now = await sinceStart(page);
    if (now > stopAt) break;
    const target = scenario.target(page, step);
    await target.dispatchEvent('click').catch(() => undefined);
    taps += 1;
    if (firstHonouredMs === null && (await scenario.honoured(page)) > 0) {
      firstHonouredMs = await sinceStart(page);
      stopAt = Math.min(untilMs, firstHonouredMs + 500);
    }
    const next = buttonDrawnMs + (step + 1) * TAP_STEP_MS;
    const wait = next - (await sinceStart(page));
    if (wait > 0) await page.waitForTimeout(wait);
  }
  // Taps held for replay land when the app is ready: give it time before counting.
  await page.waitForLoadState('load', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(3000);
  const honoured = await scenario.honoured(page);
  if (firstHonouredMs === null && honoured > 0) firstHonouredMs = await sinceStart(page);
  const firstPaintMs = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await page.context().close();
  return {
    page: scenario.name,
    firstPaintMs: Math.round(firstPaintMs),
    buttonDrawnMs: Math.round(buttonDrawnMs),
    firstHonouredMs: firstHonouredMs === null ? null : Math.round(firstHonouredMs),
    taps,
    lost: Math.max(0, taps - honoured),
  } satisfies TapRun;
}

export async function runSlowTaps(options: { url?: string; runs?: number; untilMs?: number } = {}) {
  const shop: RunningShop | undefined = options.url ? undefined : await startShop();
  const baseUrl = options.url ?? shop!.url;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const slug = await firstGuideSlug(baseUrl);
    const listed = (await (await fetch(`${baseUrl}/api/travel-guides?locale=fr`)).json()) as Record<
      string,
      unknown
    >[];
    const guide = listed.find((g) => g.slug === slug)!;
    const cartGuide = {
      id: guide.id,
      slug: guide.slug,
      title: guide.title,
      price: guide.price,
      imageUrl: guide.imageUrl,
      locale: guide.locale,
    };
    const results: TapRun[][] = [];
    for (const scenario of scenarios(slug)) {
      const runs: TapRun[] = [];
      for (let i = 0; i < (options.runs ?? 1); i++)
        runs.push(await runScenario(browser, baseUrl, scenario, options.untilMs ?? 10_000, cartGuide));
      results.push(runs);
    }
    const medianOf = (runs: TapRun[], key: keyof TapRun) =>
      Math.round(median(runs.map((r) => (r[key] === null ? Number.NaN : Number(r[key])))));
    console.log(
      `slow 3G (${SLOW_3G.latencyMs} ms, ${SLOW_3G.kbitPerSecond} kbit/s), CPU ${SLOW_3G.cpuSlowdown}x, ${PHONE.width}x${PHONE.height}; load ${loadAverage()}`,
    );
    printTable(
      ['page', 'first paint ms', 'button drawn ms', 'first honoured ms', 'taps', 'lost'],
      results.map((runs) => [
        runs[0]!.page,
        medianOf(runs, 'firstPaintMs'),
        medianOf(runs, 'buttonDrawnMs'),
        medianOf(runs, 'firstHonouredMs'),
        medianOf(runs, 'taps'),
        medianOf(runs, 'lost'),
      ]),
    );
    return results;
  } finally {
    await browser.close();
    await shop?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, runs: { type: 'string' }, until: { type: 'string' } },
  });
  await runSlowTaps({
    url: values.url,
    runs: values.runs ? Number(values.runs) : 1,
    untilMs: values.until ? Number(values.until) : undefined,
  });
}
