import { z } from 'zod';
import { adminEditionListSchema, adminEditionSchema, editionMailingRowSchema } from '../admin/editions';
import { orderEditionsSchema } from '../editions';

const guideIdParamsSchema = z.object({ id: z.uuid('id must be a guide id (a UUID)') });

/** The editions' calls: the admin's behind the key, the order page's public by the order's public id. */
export const editionsSchemas = {
  listEditions: {
    summary: "A guide's editions",
    params: guideIdParamsSchema,
    response: { 200: adminEditionListSchema },
  },
  publishEdition: {
    summary: "Publish a guide's new edition and optionally tell past buyers",
    errors: [413, 415],
    params: guideIdParamsSchema,
    response: { 201: adminEditionSchema },
  },
  editionMailings: {
    summary: 'Progress of the emails telling past buyers of new editions',
    response: { 200: z.array(editionMailingRowSchema) },
  },
  orderEditions: {
    summary: "The editions of an order's guides: the one bought and the latest",
    params: z.object({ orderId: z.string().min(1).max(200) }),
    response: { 200: orderEditionsSchema },
  },
};
