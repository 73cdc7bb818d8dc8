/**
 * Shared by the fault-injection tests (faults-*.e2e.ts): a seeded random source, the HTTP steps
 * of a card purchase and of a mobile-money order, and direct reads of a stopped shop's database.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Database } from '../../src/server/db/client';
import { openPglite, openPostgres } from '../../src/server/db/client';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { readEmail } from '../helpers/mail';
import type { ReceivedMessage } from '../helpers/smtp';
import type { RunningShop } from './harness';

/** mulberry32: small, fast and reproducible; FAULTS_SEED replays a run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function faultSeed(): number {
  const given = process.env.FAULTS_SEED;
  return given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function pricedGuides(shop: RunningShop): Promise<Guide[]> {
  const guides = await json<Guide[]>(await fetch(`${shop.url}/api/travel-guides?locale=fr`));
  return guides.filter((g) => Number(g.price) > 0);
}

export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
}

export const shopperFor = (email: string): Shopper => ({
  email,
  firstName: 'Fatou',
  lastName: 'Sow',
  mobile: '+221 77 123 45 67',
});

export interface CardPurchase {
  shopper: Shopper;
  items: { id: string; quantity: number }[];
  total: number;
  paymentIntentId?: string;
  /** What the browser that paid keeps to claim its order. */
  clientSecret?: string;
  /** The shop answered the claim with the order. */
  claimed: boolean;
}

/** The browser's three calls: prepare the payment, confirm the test card, claim the order. */
export async function buyByCard(shop: RunningShop, purchase: CardPurchase, pause: () => Promise<void>) {
  const intent = await json<{ paymentIntentId: string; clientSecret: string }>(
    await post(`${shop.url}/api/create-payment-intent`, {
      items: purchase.items,
      amount: purchase.total,
      customer: purchase.shopper,
      locale: 'fr',
    }),
  );
  purchase.paymentIntentId = intent.paymentIntentId;
  purchase.clientSecret = intent.clientSecret;
  await pause();
  await json(
    await post(`${shop.url}/api/test-mode/confirm-payment`, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242 4242 4242 4242',
    }),
  );
  await pause();
  await claimOrder(shop, purchase);
}

export async function claimOrder(shop: RunningShop, purchase: CardPurchase): Promise<void> {
  const response = await post(`${shop.url}/api/orders`, {
    ...purchase.shopper,
    locale: 'fr',
    paymentIntentId: purchase.paymentIntentId,
    clientSecret: purchase.clientSecret,
    items: purchase.items,
    total: purchase.total,
  });
  await json(response);
  purchase.claimed = true;
}

/** A mobile-money order with its receipt sent: it waits for the operator. */
export async function mobileMoneyOrderWithProof(
  shop: RunningShop,
  shopper: Shopper,
  guide: Guide,
): Promise<{ publicId: string; orderNumber: string }> {
  const placed = await json<{ order: { id: string; orderNumber: string } }>(
    await post(`${shop.url}/api/create-djamo-order`, {
      ...shopper,
      items: [{ id: guide.id, quantity: 1 }],
      total: Number(guide.price),
      locale: 'fr',
    }),
  );
  const form = new FormData();
  form.append('provider', 'Wave');
  const png = await sharp({ create: { width: 64, height: 128, channels: 3, background: '#1dc3ff' } })
    .png()
    .toBuffer();
  form.append('receipt', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'recu.png');
  await json(
    await fetch(`${shop.url}/api/orders/${placed.order.id}/receipt`, { method: 'POST', body: form }),
  );
  return { publicId: placed.order.id, orderNumber: placed.order.orderNumber };
}

/** The delivery emails (French subject) that name an order number, as the SMTP server received them. */
export function deliveryMails(received: ReceivedMessage[], orderNumber: string) {
  return received
    .map((m) => ({ message: m, email: readEmail(m.raw) }))
    .filter(
      ({ email }) =>
        /^Guides Afrique ?: (vos guides|your guides)/.test(email.subject) && email.text.includes(orderNumber),
    )
    .map(({ message, email }) => ({ to: message.to, messageId: email.headers.get('message-id') ?? '' }));
}

/** Opens the database of a shop whose process has exited (PGlite allows one process at a time). */
export async function openStoppedShopDatabase(shop: RunningShop): Promise<Database> {
  return shop.databaseUrl
    ? openPostgres(shop.databaseUrl, { max: 1 })
    : openPglite({ dir: path.join(shop.dataDir, 'db') });
}

/** Ends the shop's current process gracefully and waits for it, keeping its data for inspection. */
export async function endProcess(shop: RunningShop): Promise<void> {
  const child = shop.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
