import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EmailLogEntry } from '../../src/shared/contracts/endpoints/emails.schemas';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import {
  buyByCard,
  type CardPurchase,
  deliveryMails,
  json,
  pricedGuides,
  shopperFor,
  sleep,
} from './faults-support';
import { freePort, type RunningShop, startShop } from './harness';

const ADMIN_KEY = 'faults-database-admin-key-0123456789';
const ORDERS = 4;
const OUTAGE_MS = 4000;

/** PostgreSQL's server binaries (Debian keeps them out of PATH), newest first. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl')) && existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

const BIN = postgresBin();
const hasRunuser = existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser');

/**
 * A throwaway cluster this test may stop and start (the suite's own DATABASE_URL server is shared).
 * initdb and pg_ctl refuse root: they run as the postgres user, in a folder it owns.
 */
class Cluster {
  readonly dir: string;
  readonly port: number;
  constructor(dir: string, port: number) {
    this.dir = dir;
    this.port = port;
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  private pg(tool: string, args: string[]) {
    const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    const [command, ...rest] = [...runAs, path.join(BIN!, tool), ...args];
    execFileSync(command!, rest, { stdio: 'pipe' });
  }
  init() {
    this.pg('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  }
  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.pg('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      options,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }
  stop() {
    this.pg('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }
}

let cluster: Cluster | undefined;
let smtp: TestSmtpServer;
let shop: RunningShop;

// Only on PostgreSQL (CI's second run): PGlite lives inside the process and cannot go away alone.
describe.skipIf(!process.env.DATABASE_URL || !BIN || (process.getuid?.() === 0 && !hasRunuser))(
  'the database unavailable for a few seconds',
  () => {
    beforeAll(async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-faults-pg-'));
      if (process.getuid?.() === 0)
        await chown(
          dir,
          Number(execFileSync('id', ['-u', 'postgres'])),
          Number(execFileSync('id', ['-g', 'postgres'])),
        );
      cluster = new Cluster(dir, await freePort());
      cluster.init();
      cluster.start();
      // 300 ms per message: deliveries are still under way when the database goes away.
      smtp = await startSmtpServer({ acceptDelayMs: 300 });
      // An empty database: the server migrates and seeds it. No catalogue cache, so reads reach the database.
      shop = await startShop({
        databaseUrl: cluster.url,
        env: {
          SMTP_URL: smtp.url,
          ADMIN_API_KEY: ADMIN_KEY,
          CATALOGUE_CACHE_TTL_MS: '0',
          PAGE_CACHE_TTL_MS: '0',
          JOB_LEASE_MS: '3000',
          JOB_BACKOFF_BASE_MS: '300',
        },
      });
    }, 180_000);

    afterAll(async () => {
      await shop?.stop();
      await smtp?.close();
      if (cluster) {
        try {
          cluster.stop();
        } catch {
          // already stopped
        }
        await rm(cluster.dir, { recursive: true, force: true });
      }
    });

    test('requests fail cleanly with 503, the server recovers by itself, and the outbox catches up', async () => {
      const guides = await pricedGuides(shop);
      const purchases: CardPurchase[] = Array.from({ length: ORDERS }, (_, i) => ({
        shopper: shopperFor(`faults-db-${i}@example.com`),
        items: [{ id: guides[i % guides.length]!.id, quantity: 1 }],
        total: Number(guides[i % guides.length]!.price),
        claimed: false,
      }));
      await Promise.all(purchases.map((p) => buyByCard(shop, p, async () => undefined)));

      // The database goes away while the outbox is delivering.
      await sleep(400);
      const sentBefore = smtp.received.length;
      const midSend = smtp.started() > smtp.received.length;
      const downAt = Date.now();
      cluster!.stop();

      const outageAnswers: { what: string; status: number; body: string }[] = [];
      const probe = async (what: string, request: () => Promise<Response>) => {
        const response = await request();
        outageAnswers.push({ what, status: response.status, body: await response.text() });
      };
      while (Date.now() - downAt < OUTAGE_MS) {
        await probe('GET /api/travel-guides', () => fetch(`${shop.url}/api/travel-guides?locale=fr`));
        await probe('POST /api/create-payment-intent', () =>
          fetch(`${shop.url}/api/create-payment-intent`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              items: purchases[0]!.items,
              amount: purchases[0]!.total,
              customer: purchases[0]!.shopper,
              locale: 'fr',
            }),
          }),
        );
        await probe('GET /api/admin/emails', () =>
          fetch(`${shop.url}/api/admin/emails`, { headers: { 'x-admin-key': ADMIN_KEY } }),
        );
        await probe('GET /readyz', () => fetch(`${shop.url}/readyz`));
        await sleep(250);
      }
      const upAt = Date.now();
      cluster!.start();
      const outageMs = Date.now() - downAt;

      // Every answer during the outage: 503, JSON with a message; the process kept running.
      expect(outageAnswers.length).toBeGreaterThan(8);
      for (const answer of outageAnswers) {
        expect(answer.status, `${answer.what}: ${answer.body}`).toBe(503);
        expect(JSON.parse(answer.body).message, answer.what).toEqual(expect.any(String));
      }
      expect(shop.process.exitCode).toBeNull();

      // It recovers by itself: no restart of the shop.
      await expect
        .poll(async () => (await fetch(`${shop.url}/api/travel-guides?locale=fr`)).status, {
          timeout: 20_000,
          interval: 100,
        })
        .toBe(200);
      const recoveredMs = Date.now() - upAt;
      expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);

      // The outbox catches up: every order's delivery email sent, once.
      const deliveries = async () =>
        (
          await json<EmailLogEntry[]>(
            await fetch(`${shop.url}/api/admin/emails`, { headers: { 'x-admin-key': ADMIN_KEY } }),
          )
        ).filter((e) => e.kind === 'delivery');
      await expect
        .poll(async () => (await deliveries()).filter((e) => e.status === 'sent').length, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(ORDERS);
      const caughtUpMs = Date.now() - upAt;
      await sleep(1500);
      let repeats = 0;
      for (const entry of await deliveries()) {
        const mails = deliveryMails(smtp.received, entry.orderInfo!.orderNumber);
        // A message the SMTP server accepted while the database was down waits for the database to
        // record it as sent: the retried job finds it sent, and sends nothing again.
        expect(mails.length, entry.orderInfo!.orderNumber).toBe(1);
        repeats += mails.length - 1;
      }
      console.log(
        [
          `faults-database: ${ORDERS} orders, ${sentBefore} delivery emails accepted before the outage${midSend ? ', one being sent when it began' : ''}`,
          `  PostgreSQL down ${outageMs} ms; ${outageAnswers.length} requests during it, all 503 (${[...new Set(outageAnswers.map((a) => JSON.parse(a.body).message))].join(' | ')})`,
          `  API answering again ${recoveredMs} ms after the restart; outbox caught up after ${caughtUpMs} ms; repeats: ${repeats}`,
        ].join('\n'),
      );
    }, 90_000);
  },
);
