import {
  adminDiscountListSchema,
  adminDiscountSchema,
  discountInputSchema,
  discountParamsSchema,
  pauseDiscountBodySchema,
} from '../admin/discounts';
import { noContentResponse } from './answers';

export const adminDiscountsSchemas = {
  listDiscounts: { response: { 200: adminDiscountListSchema } },
  createDiscount: { body: discountInputSchema, response: { 201: adminDiscountSchema } },
  updateDiscount: {
    params: discountParamsSchema,
    body: discountInputSchema,
    response: { 200: adminDiscountSchema },
  },
  pauseDiscount: {
    params: discountParamsSchema,
    body: pauseDiscountBodySchema,
    response: { 200: adminDiscountSchema },
  },
  deleteDiscount: {
    params: discountParamsSchema,
    response: noContentResponse('The code can no longer be used; its orders keep it'),
  },
};
