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

/** The Orders tab's calls, every one behind the admin key. */
export const adminOrdersSchemas = {
  listOrders: {
    summary: 'Orders, newest first, searched and filtered, a cursor page at a time',
    querystring: orderListQuerySchema,
    response: { 200: orderListSchema },
  },
  exportOrders: {
    summary: 'The filtered orders as CSV, streamed',
    mediaType: 'text/csv',
    querystring: orderFiltersSchema,
    response: binaryResponse('The filtered orders: CSV, UTF-8 with a BOM, streamed'),
  },
  orderDetail: {
    summary: 'An order with its buyer, payment, refunds, access and timeline',
    params: orderIdParamsSchema,
    response: { 200: orderDetailSchema },
  },
  resendOrder: { ...action(resendOrderBodySchema), summary: 'Send the delivery email again', errors: [409] },
  changeOrderEmail: {
    ...action(changeOrderEmailBodySchema),
    summary: "Change the buyer's email, and send what the order needs to the new one",
    errors: [409],
  },
  revokeOrderAccess: {
    ...action(revokeAccessBodySchema),
    summary: "Revoke the buyer's downloads",
    errors: [409],
  },
  restoreOrderAccess: {
    summary: "Restore the buyer's downloads",
    errors: [409],
    params: orderIdParamsSchema,
    response: { 200: orderActionResultSchema },
  },
  addOrderNote: { ...action(orderNoteBodySchema), summary: "Add a private note to the order's timeline" },
};
