/** The Discounts tab's calls, behind the admin key; schemas in ./admin-discounts.schemas.ts. */
import { ADMIN, del, get, post, put } from './declare';
export const listDiscounts = get('/api/admin/discounts', ADMIN);
export const createDiscount = post('/api/admin/discounts', ADMIN);
export const updateDiscount = put('/api/admin/discounts/:id', ADMIN);
export const pauseDiscount = put('/api/admin/discounts/:id/paused', ADMIN);
export const deleteDiscount = del('/api/admin/discounts/:id', ADMIN);
