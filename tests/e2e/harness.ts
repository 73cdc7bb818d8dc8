import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import { createLocalFileStore } from '../../src/server/adapters/storage/local';
import { type Db, openPglite, openPostgres } from '../../src/server/db/client';
import { adminConnection, withDatabase } from '../helpers/postgres';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningShop {
  url: string;
  /** Set when the shop runs on PostgreSQL. */
  databaseUrl?: string;
  process: ChildProcess;
  dataDir: string;
  logs(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * Ends the running process with `signal` (default SIGKILL: a crash, no cleanup) and starts a new
   * one on the same data folder, database, environment and port; resolves once it is ready again,
   * with the old process's exit code (null when killed by a signal). `process` is then the new one.
   */
  restart(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the built server as a real process on a random port, on a fresh copy of the seeded demo
 * shop. `prepare` may change that copy's database before the server opens it.
 */
export async function startShop(
  options: {
    env?: Record<string, string>;
    prepare?(deps: { db: Db; files: FileStore; dataDir: string }): Promise<void>;
    /** Run on the database of a shop already started (another instance of the same shop). */
    shareDatabaseOf?: RunningShop;
    /**
     * Run on this PostgreSQL database (e.g. on a cluster the test stops and starts) instead of a copy
     * of the template; an empty one is migrated and seeded by the server. The caller removes it.
     */
    databaseUrl?: string;
    /** An empty data folder (and database): the shop migrates and seeds itself, as on a new machine. */
    fresh?: boolean;
  } = {},
): Promise<RunningShop> {
  const template = inject('e2eTemplate');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'));
  if (!options.fresh) await cp(template.dir, dataDir, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  const baseUrl = process.env.DATABASE_URL;
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
  } else if (options.shareDatabaseOf) {
    if (!options.shareDatabaseOf.databaseUrl) throw new Error('Only a PostgreSQL shop can be shared');
    env.DATABASE_URL = options.shareDatabaseOf.databaseUrl;
  } else if (baseUrl && template.database) {
    const name = `shop_e2e_${randomBytes(6).toString('hex')}`;
    const admin = await adminConnection(baseUrl);
    try {
      await admin.query(`CREATE DATABASE ${name}${options.fresh ? '' : ` TEMPLATE ${template.database}`}`);
    } finally {
      await admin.end();
    }
    env.DATABASE_URL = withDatabase(baseUrl, name);
    dropDatabase = async () => {
      const cleanup = await adminConnection(baseUrl);
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    };
  }
  if (options.prepare) {
    const database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL, { max: 2 })
      : await openPglite({ dir: path.join(dataDir, 'db') });
    try {
      await options.prepare({
        db: database.db,
        files: createLocalFileStore(path.join(dataDir, 'files')),
        dataDir,
      });
    } finally {
      await database.close();
    }
  }
  const port = await freePort();
  env.PORT = String(port);
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const launch = async () => {
    const child = spawn(process.execPath, [template.server], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // A first start seeds the demo catalogue: give it longer on a loaded machine.
    const deadline = Date.now() + (options.fresh ? 240_000 : 60_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The shop exited during start:\n${output}`);
      try {
        const res = await fetch(`${url}/readyz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The shop did not become ready in time:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { child, exited };
  };
  let running = await launch();
  const end = async (signal: NodeJS.Signals) => {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal);
    return running.exited;
  };
  return {
    url,
    databaseUrl: env.DATABASE_URL,
    get process() {
      return running.child;
    },
    dataDir,
    logs: () => output,
    stop: async (signal = 'SIGTERM') => {
      const code = await end(signal);
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    restart: async (signal = 'SIGKILL') => {
      const code = await end(signal);
      running = await launch();
      return code;
    },
  };
}

/**
 * Waits until React has hydrated the element (it marks each element it owns with a `__reactProps…`
 * key). A tap before that is held and replayed (docs/decisions/028-early-taps.md); a key is not.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))))
    .toBe(true);
}

/**
 * Chooses a checkout tab once the checkout is hydrated and has read the cart, and waits until it is
 * selected. A tap held before hydration is early-taps.e2e.ts's subject; here the payment is. Until
 * the cart is read the summary above the tabs keeps one row's room, and a cart whose rows are
 * taller moves the tabs: a click pressed on the tab and released after the move is no click.
 */
export async function chooseCheckoutTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await waitForHydration(tab);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** Collects page errors so a test can assert that hydration went cleanly. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP refuses injected inline scripts, as it should.
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

const CHECKOUT_LABELS = {
  fr: {
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    checkout: 'Passer à la caisse',
    heading: 'Paiement sécurisé',
  },
  en: {
    add: 'Add to cart',
    cart: 'Your cart',
    checkout: 'Proceed to Checkout',
    heading: 'Secure Checkout',
  },
};

/** Adds the first guide card on the page to the cart and opens the checkout, in the French UI by default. */
export async function checkoutFirstCard(page: Page, locale: 'fr' | 'en' = 'fr'): Promise<void> {
  const labels = CHECKOUT_LABELS[locale];
  await page.locator('[data-testid="guide-card"]').first().getByRole('button', { name: labels.add }).click();
  await page.getByRole('dialog', { name: labels.cart }).getByRole('link', { name: labels.checkout }).click();
  await page.getByRole('heading', { name: labels.heading, level: 1 }).waitFor();
}

/** Where to keep screenshots to look at (E2E_SCREENSHOT_DIR); unset, none are taken. */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** Keeps `<name>.png` of the page in SCREENSHOT_DIR, when it is set. */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), ...options });
}
