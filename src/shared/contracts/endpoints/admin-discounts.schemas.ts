import {
  adminDiscountListSchema,
  adminDiscountSchema,
  discountInputSchema,
  discountParamsSchema,
  pauseDiscountBodySchema,
} from '../admin/discounts';
import { noContentResponse } from './answers';

export const adminDiscountsSchemas = {
  listDiscounts: { summary: 'Discount codes with their uses', response: { 200: adminDiscountListSchema } },
  createDiscount: {
    summary: 'Create a discount code',
    errors: [409],
    body: discountInputSchema,
    response: { 201: adminDiscountSchema },
  },
  updateDiscount: {
    summary: 'Edit a discount code',
    errors: [409],
    params: discountParamsSchema,
    body: discountInputSchema,
    response: { 200: adminDiscountSchema },
  },
  pauseDiscount: {
    summary: 'Pause or resume a discount code',
    params: discountParamsSchema,
    body: pauseDiscountBodySchema,
    response: { 200: adminDiscountSchema },
  },
  deleteDiscount: {
    summary: 'Delete a discount code (kept for the orders that used it)',
    params: discountParamsSchema,
    response: noContentResponse('The code can no longer be used; its orders keep it'),
  },
};
