import { z } from 'zod';
import { binaryResponse } from './answers';

/** The receipt of an order: 404 for an unknown order, 409 for one that is not paid. */
export const receiptsSchemas = {
  orderReceipt: {
    summary: "The order's receipt as a PDF",
    mediaType: 'application/pdf',
    errors: [409, 429, 503],
    params: z.object({ id: z.string().min(1).max(200) }),
    response: binaryResponse('The receipt (PDF, A4) in the order’s language, as an attachment'),
  },
};
