import { expect } from 'vitest';
import type { TestContext } from '../helpers/test-context';
import { shopper } from './checkout-helpers';

export const DISCOUNT_ADMIN_KEY = 'discounts-admin-key-0123456789abcdef';

export const discountAdmin =
  (ctx: TestContext) =>
  (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { 'x-admin-key': DISCOUNT_ADMIN_KEY },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

/** Creates a code through the admin API and returns it. */
export async function createCode(ctx: TestContext, body: Record<string, unknown>) {
  const res = await discountAdmin(ctx)('POST', '/api/admin/discounts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; uses: { held: number; used: number } };
}

export const priceCart = (ctx: TestContext, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/checkout/price', payload: body });

/**
 * Each order from a client address of its own, as shoppers are: one address holds at most one use
 * of a code at a time (tests/hardening/abuse-discounts.test.ts tries one address).
 */
let clients = 0;
export const clientAddress = () => {
  const n = clients++;
  return `10.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

export const freeOrder = (ctx: TestContext, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/create-free-order',
    payload: { ...shopper, locale: 'fr', total: 0, ...body },
    remoteAddress: clientAddress(),
  });

export const mobileMoneyOrder = (ctx: TestContext, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: { ...shopper, locale: 'fr', ...body },
    remoteAddress: clientAddress(),
  });

/** A different shopper for each index: no two of them look like a double submit. */
export const shopperNumber = (i: number) => ({
  email: `shopper${i}@example.com`,
  firstName: 'Awa',
  lastName: `Diop${String.fromCharCode(65 + (i % 26))}${i}`,
  mobile: `+221 77 000 ${String(i).padStart(4, '0')}`,
});

/** A code's held and used counts, as the admin list shows them. */
export const usesOf = async (ctx: TestContext, id: string) =>
  (await discountAdmin(ctx)('GET', '/api/admin/discounts'))
    .json()
    .codes.find((c: { id: string }) => c.id === id).uses;

/** How many answers had each status code. */
export const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((count, r) => {
    count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
    return count;
  }, {});
