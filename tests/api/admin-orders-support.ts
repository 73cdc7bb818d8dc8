import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema';
import { type GuideRow, insertOrder } from '../helpers/orders';
import type { TestContext } from '../helpers/test-context';

export const ADMIN_KEY = 'orders-admin-key-0123456789abcdef';

/** An admin request to the Orders tab's API. */
export const adminRequest =
  (ctx: TestContext) => (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: { 'x-admin-key': ADMIN_KEY }, payload });

type OrderValues = Partial<typeof orders.$inferInsert>;

/** An order as checkout leaves it, then given whatever columns a case needs (method, ids, dates…). */
export async function placedOrder(ctx: TestContext, guides: GuideRow[], values: OrderValues = {}) {
  const { order } = await insertOrder(ctx.db, {
    guides,
    status: values.status,
    locale: values.locale,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
  });
  if (Object.keys(values).length === 0) return order;
  const [updated] = await ctx.db.update(orders).set(values).where(eq(orders.id, order.id)).returning();
  return updated!;
}
