/**
 * The admin Customers tab: one row per buyer's email, behind the admin key.
 * Routes only (no zod: the browser reads them); the schemas are in ./admin-customers.schemas.ts.
 */
import { ADMIN, ADMIN_FILE, get } from './declare';

export const listCustomers = get('/api/admin/customers', ADMIN);
export const exportCustomerList = get('/api/admin/customers/export', ADMIN_FILE);
