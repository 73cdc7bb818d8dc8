/**
 * The admin Customers tab (issue 18 "Customers"): one row per buyer's email, behind the admin key.
 * Routes only (no zod: the browser reads them); the schemas are in ./admin-customers.schemas.ts.
 */
import type { Route } from './define';

export const listCustomers = {
  method: 'GET',
  path: '/api/admin/customers',
  admin: true,
} as const satisfies Route;
export const exportCustomerList = {
  method: 'GET',
  path: '/api/admin/customers/export',
  admin: true,
  response: 'file',
} as const satisfies Route;
