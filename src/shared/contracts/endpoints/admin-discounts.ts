/** The Discounts tab's calls (issue 18), behind the admin key; schemas in ./admin-discounts.schemas.ts. */
import type { Route } from './define';
export const listDiscounts = {
  method: 'GET',
  path: '/api/admin/discounts',
  admin: true,
} as const satisfies Route;
export const createDiscount = {
  method: 'POST',
  path: '/api/admin/discounts',
  admin: true,
} as const satisfies Route;
export const updateDiscount = {
  method: 'PUT',
  path: '/api/admin/discounts/:id',
  admin: true,
} as const satisfies Route;
export const pauseDiscount = {
  method: 'PUT',
  path: '/api/admin/discounts/:id/paused',
  admin: true,
} as const satisfies Route;
export const deleteDiscount = {
  method: 'DELETE',
  path: '/api/admin/discounts/:id',
  admin: true,
} as const satisfies Route;
