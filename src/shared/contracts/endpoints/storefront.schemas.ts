import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilitySchema,
  guideDetailSchema,
  guideListQuerySchema,
  guideListSchema,
  guidePageQuerySchema,
  guidePageSchema,
  imageQuerySchema,
} from '../catalogue';
import { contentQuerySchema, contentResponseSchema } from '../content';
import { errorSchema } from '../errors';
import { downloadResponseSchema, orderSchema, resendLinksBodySchema } from '../orders';
import { binaryBody, binaryResponse, noContentResponse } from './answers';

const orderParams = z.object({ orderId: z.string().min(1).max(200) });
const tokenParams = z.object({ token: z.string().min(1).max(1000) });
/** The full PDFs, or their light editions (issue 20: images downsampled, refused when there is none). */
const downloadVariant = z.enum(['full', 'light']).default('full');

/** The shop's public reads, the order page's calls and the analytics beacon. */
export const storefrontSchemas = {
  listGuides: { querystring: guideListQuerySchema, response: { 200: guideListSchema } },
  guidePage: { querystring: guidePageQuerySchema, response: { 200: guidePageSchema } },
  guideAvailability: { querystring: availabilityQuerySchema, response: { 200: availabilitySchema } },
  guideBySlug: {
    params: z.object({ slug: z.string().max(200) }),
    response: { 200: guideDetailSchema },
  },
  image: {
    params: z.object({ name: z.string().max(200) }),
    querystring: imageQuerySchema,
    response: binaryResponse('The image (WebP, or the stored type), resized to the width asked for'),
  },
  guidePreview: {
    params: z.object({ id: z.string().max(100) }),
    response: binaryResponse('The table-of-contents preview image (WebP)'),
  },
  content: { querystring: contentQuerySchema, response: { 200: contentResponseSchema } },
  order: { params: z.object({ id: z.string() }), response: { 200: orderSchema } },
  resendLinks: { body: resendLinksBodySchema, response: { 202: z.object({ message: z.string() }) } },
  zipLink: {
    params: orderParams,
    querystring: z.object({ variant: downloadVariant }),
    response: { 200: downloadResponseSchema },
  },
  downloadLink: {
    params: orderParams.extend({ guideId: z.string().min(1).max(100) }),
    querystring: z.object({
      file: z.enum(['primary', 'secondary']).default('primary'),
      variant: downloadVariant,
      /** An earlier edition's number (issue 19); the latest edition when absent. */
      edition: z.coerce
        .number({ error: 'edition must be an edition number' })
        .int('edition must be a whole number')
        .min(1, 'edition must be 1 or more')
        .max(100_000, 'edition must be at most 100000')
        .optional(),
    }),
    response: { 200: downloadResponseSchema },
  },
  file: {
    params: tokenParams,
    response: {
      200: binaryBody('The stamped PDF'),
      206: binaryBody('The byte range asked for'),
      302: z.null().meta({ description: 'To a 15-minute presigned URL, when files are in a bucket' }),
      416: errorSchema,
    },
  },
  zipFile: { params: tokenParams, response: binaryResponse('A ZIP of every stamped PDF of the order') },
  analyticsEvent: {
    // Parsed by the handler, so a refusal names the event field at fault (a union only says "Invalid input").
    body: z.unknown().meta({
      description: 'One analytics event or a batch (JSON, or the text/plain body a beacon sends)',
    }),
    response: noContentResponse('Accepted (also for bots, which are not stored)'),
  },
};
