/**
 * The admin Customers tab: one row per buyer's email, behind the admin key.
 * Routes only (no zod: the browser reads them); the schemas are in ./admin-customers.schemas.ts.
 */
import { ADMIN, ADMIN_FILE, get, post } from './declare';

export const listCustomers = get('/api/admin/customers', ADMIN);
export const exportCustomerList = get('/api/admin/customers/export', ADMIN_FILE);
/** Everything the shop holds about an email or phone number, as one ZIP (docs/features/data-rights.md). */
export const exportCustomerData = post('/api/admin/customers/data/export', ADMIN_FILE);
/** Erases the person everywhere, keeping issued invoices' legal fields. */
export const eraseCustomerData = post('/api/admin/customers/data/erase', ADMIN);
