/**
 * An order's invoice and credit notes (docs/features/invoices.md), PDFs in the buyer's language:
 * public by the order's public id like the receipt, and for the admin by the order's id; the
 * register and the tax report as CSV. Schemas in ./invoices.schemas.ts.
 */
import { ADMIN_FILE, FILE, get, put } from './declare';

export const orderInvoice = get('/api/orders/:id/invoice.pdf', FILE);
export const orderBusinessDetails = put('/api/orders/:id/business-details');
export const orderCreditNote = get('/api/orders/:id/credit-notes/:number', FILE);
export const adminOrderInvoice = get('/api/admin/orders/:id/invoice.pdf', ADMIN_FILE);
export const adminOrderCreditNote = get('/api/admin/orders/:id/credit-notes/:number', ADMIN_FILE);
export const invoiceRegister = get('/api/admin/invoices/register.csv', ADMIN_FILE);
export const taxReport = get('/api/admin/invoices/tax-report.csv', ADMIN_FILE);
