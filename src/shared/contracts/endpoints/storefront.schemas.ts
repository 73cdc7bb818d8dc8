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
import { processorsResponseSchema } from '../processors';
import { binaryBody, binaryResponse, noContentResponse } from './answers';

const orderParams = z.object({ orderId: z.string().min(1).max(200) });
const tokenParams = z.object({ token: z.string().min(1).max(1000) });
/** The full PDFs, or their light editions (images downsampled, refused when there is none). */
const downloadVariant = z.enum(['full', 'light']).default('full');

/** The shop's public reads, the order page's calls and the analytics beacon. */
export const storefrontSchemas = {
  listGuides: {
    summary: 'Every published guide of a language',
    querystring: guideListQuerySchema,
    response: { 200: guideListSchema },
  },
  guidePage: {
    summary: 'One page of a list or a search of guides',
    querystring: guidePageQuerySchema,
    response: { 200: guidePageSchema },
  },
  guideAvailability: {
    summary: 'Which of the given guides are still for sale',
    querystring: availabilityQuerySchema,
    response: { 200: availabilitySchema },
  },
  guideBySlug: {
    summary: 'A guide by its address',
    params: z.object({ slug: z.string().max(200) }),
    response: { 200: guideDetailSchema },
  },
  image: {
    summary: 'A cover or media image, resized',
    mediaType: 'image/webp',
    params: z.object({ name: z.string().max(200) }),
    querystring: imageQuerySchema,
    response: binaryResponse('The image (WebP, or the stored type), resized to the width asked for'),
  },
  guidePreview: {
    summary: "A guide's table-of-contents preview",
    mediaType: 'image/webp',
    params: z.object({ id: z.string().max(100) }),
    response: binaryResponse('The table-of-contents preview image (WebP)'),
  },
  content: {
    summary: "The shop's content blocks in a language",
    querystring: contentQuerySchema,
    response: { 200: contentResponseSchema },
  },
  processors: {
    summary:
      'The outside services the shop uses for personal data, with their countries, from its configuration',
    response: { 200: processorsResponseSchema },
  },
  order: {
    summary: "An order page's data",
    params: z.object({ id: z.string() }),
    response: { 200: orderSchema },
  },
  resendLinks: {
    summary: 'Email the download links of an order again (same answer whether or not it matches)',
    errors: [429],
    body: resendLinksBodySchema,
    response: { 202: z.object({ message: z.string() }) },
  },
  zipLink: {
    summary: "A 15-minute link to a ZIP of the order's PDFs",
    errors: [403],
    params: orderParams,
    querystring: z.object({ variant: downloadVariant }),
    response: { 200: downloadResponseSchema },
  },
  downloadLink: {
    summary: "A 15-minute link to a guide's stamped PDF",
    errors: [403],
    params: orderParams.extend({ guideId: z.string().min(1).max(100) }),
    querystring: z.object({
      file: z.enum(['primary', 'secondary']).default('primary'),
      variant: downloadVariant,
      /** An earlier edition's number; the latest edition when absent. */
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
    summary: 'A stamped PDF, by a signed link (byte ranges)',
    mediaType: 'application/pdf',
    errors: [403, 410],
    params: tokenParams,
    response: {
      200: binaryBody('The stamped PDF'),
      206: binaryBody('The byte range asked for'),
      302: z.null().meta({ description: 'To a 15-minute presigned URL, when files are in a bucket' }),
      416: errorSchema,
    },
  },
  zipFile: {
    summary: "A ZIP of the order's stamped PDFs, by a signed link",
    mediaType: 'application/zip',
    errors: [403, 410],
    params: tokenParams,
    response: binaryResponse('A ZIP of every stamped PDF of the order'),
  },
  analyticsEvent: {
    summary: 'Record analytics events (one or a batch)',
    errors: [413, 429, 503],
    // Parsed by the handler, so a refusal names the event field at fault (a union only says "Invalid input").
    body: z.unknown().meta({
      description: 'One analytics event or a batch (JSON, or the text/plain body a beacon sends)',
    }),
    response: noContentResponse('Accepted (also for bots, which are not stored)'),
  },
};
