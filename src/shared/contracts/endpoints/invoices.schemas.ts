import { z } from 'zod';
import { customerSchema } from '../checkout';
import { daySchema } from '../days';
import { binaryResponse } from './answers';

const params = z.object({ id: z.string().min(1).max(200) });
const noteParams = params.extend({
  number: z.string().regex(/^AV-\d{4}-\d{6}$/, 'must be a credit note number'),
});
const adminParams = z.object({ id: z.uuid() });
/** A period of issue days, both ends included (UTC). */
export const documentPeriodSchema = z
  .object({ from: daySchema('from'), to: daySchema('to') })
  .refine((p) => p.from <= p.to, { message: 'must not be after to', path: ['from'] });

/** The business to invoice, given after ordering; an empty or missing field removes it. */
export const businessDetailsSchema = customerSchema
  .pick({ businessName: true, taxId: true })
  .transform((d) => ({ businessName: d.businessName || null, taxId: d.taxId || null }));
const orderDocumentsSchema = z.object({
  invoiceNumber: z.string().nullable(),
  creditNotes: z.array(z.string()),
});

export const invoicesSchemas = {
  orderBusinessDetails: {
    summary:
      'Name the business to invoice; an invoice already issued is replaced by a new one and a credit note',
    errors: [404, 409, 429],
    params,
    body: businessDetailsSchema,
    response: { 200: orderDocumentsSchema },
  },
  orderInvoice: {
    summary: "The order's invoice as a PDF",
    mediaType: 'application/pdf',
    errors: [409, 429, 503],
    params,
    response: binaryResponse('The invoice (PDF, A4) in the buyer’s language'),
  },
  orderCreditNote: {
    summary: 'One of the order’s credit notes as a PDF',
    mediaType: 'application/pdf',
    errors: [429, 503],
    params: noteParams,
    response: binaryResponse('The credit note (PDF, A4)'),
  },
  adminOrderInvoice: {
    summary: "An order's invoice as a PDF (admin)",
    mediaType: 'application/pdf',
    errors: [409, 503],
    params: adminParams,
    response: binaryResponse('The invoice (PDF, A4)'),
  },
  adminOrderCreditNote: {
    summary: "An order's credit note as a PDF (admin)",
    mediaType: 'application/pdf',
    errors: [503],
    params: adminParams.extend({ number: noteParams.shape.number }),
    response: binaryResponse('The credit note (PDF, A4)'),
  },
  invoiceRegister: {
    summary: 'The invoice register of a period (CSV)',
    mediaType: 'text/csv',
    querystring: documentPeriodSchema,
    response: binaryResponse('Invoices and credit notes issued in the period: CSV, UTF-8 with a BOM'),
  },
  taxReport: {
    summary: 'The tax report of a period (CSV)',
    mediaType: 'text/csv',
    querystring: documentPeriodSchema,
    response: binaryResponse('Tax by country and rate for the period, credit notes netted: CSV'),
  },
};
