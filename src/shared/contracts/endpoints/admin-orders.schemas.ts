import {
  changeOrderEmailBodySchema,
  orderActionResultSchema,
  orderDetailSchema,
  orderFiltersSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderNoteBodySchema,
  resendOrderBodySchema,
  revokeAccessBodySchema,
} from '../admin/orders';
import { binaryResponse } from './answers';

const action = <B>(body: B) => ({
  params: orderIdParamsSchema,
  body,
  response: { 200: orderActionResultSchema },
});

/** The Orders tab's calls (issue 18), every one behind the admin key. */
export const adminOrdersSchemas = {
  listOrders: { querystring: orderListQuerySchema, response: { 200: orderListSchema } },
  exportOrders: {
    querystring: orderFiltersSchema,
    response: binaryResponse('The filtered orders: CSV, UTF-8 with a BOM, streamed'),
  },
  orderDetail: { params: orderIdParamsSchema, response: { 200: orderDetailSchema } },
  resendOrder: action(resendOrderBodySchema),
  changeOrderEmail: action(changeOrderEmailBodySchema),
  revokeOrderAccess: action(revokeAccessBodySchema),
  restoreOrderAccess: { params: orderIdParamsSchema, response: { 200: orderActionResultSchema } },
  addOrderNote: action(orderNoteBodySchema),
};
