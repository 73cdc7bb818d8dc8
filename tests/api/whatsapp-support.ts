import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { emailLog, jobs, orderEvents, orders, whatsappMessages } from '../../src/server/db/schema';
import type { TestContext } from '../helpers/test-context';
import { shopper } from './checkout-helpers';

export const ADMIN_KEY = 'whatsapp-admin-key-0123456789abcdef';
export const buyer = { ...shopper, mobile: '+221 77 123 45 67' };
export const BUYER_NUMBER = '221771234567';

export async function placeFreeOrder(
  ctx: TestContext,
  guideId: string,
  extra: {
    whatsapp?: boolean;
    locale?: 'fr' | 'en';
    mobile?: string;
    email?: string;
    firstName?: string;
  } = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-free-order',
    payload: { ...buyer, locale: 'fr', total: 0, items: [{ id: guideId, quantity: 1 }], ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`free order: ${res.statusCode} ${res.body}`);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.publicId, res.json().id));
  return order!;
}

export async function placeMobileMoneyOrder(
  ctx: TestContext,
  guide: { id: string; price: string },
  extra: { whatsapp?: boolean; locale?: 'fr' | 'en'; email?: string } = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      ...buyer,
      locale: 'fr',
      total: Number(guide.price),
      items: [{ id: guide.id, quantity: 1 }],
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`mobile-money order: ${res.statusCode} ${res.body}`);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.publicId, res.json().order.id));
  return order!;
}

export const messagesOf = (db: Db, orderId: string) =>
  db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));

export const whatsappEventsOf = async (db: Db, orderId: string) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
    (e) => e.kind === 'whatsapp',
  );

export const emailsOf = (db: Db, orderId: string) =>
  db.select().from(emailLog).where(eq(emailLog.orderId, orderId));

export async function whatsappJobsOf(db: Db, orderId: string) {
  const rows = await db.select().from(jobs).where(eq(jobs.kind, 'whatsapp-message'));
  return rows.filter((job) => (job.payload as { orderId?: string }).orderId === orderId);
}
