import { z } from 'zod';
import { adminEditionListSchema, adminEditionSchema, editionMailingRowSchema } from '../admin/editions';
import { orderEditionsSchema } from '../editions';

const guideIdParamsSchema = z.object({ id: z.uuid('id must be a guide id (a UUID)') });

/** The editions' calls: the admin's behind the key, the order page's public by the order's public id. */
export const editionsSchemas = {
  listEditions: { params: guideIdParamsSchema, response: { 200: adminEditionListSchema } },
  publishEdition: { params: guideIdParamsSchema, response: { 201: adminEditionSchema } },
  editionMailings: { response: { 200: z.array(editionMailingRowSchema) } },
  orderEditions: {
    params: z.object({ orderId: z.string().min(1).max(200) }),
    response: { 200: orderEditionsSchema },
  },
};
