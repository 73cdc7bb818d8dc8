import { z } from 'zod';
import {
  adminOrderParamsSchema,
  orderDecisionResponseSchema,
  pendingMobileMoneyOrdersSchema,
  pendingMobileMoneyQuerySchema,
  rejectOrderBodySchema,
  verifyOrderBodySchema,
} from '../mobile-money';
import {
  analyticsEventsSchema,
  analyticsFunnelSchema,
  analyticsGeoSchema,
  analyticsPagesQuerySchema,
  analyticsPagesSchema,
  analyticsRangeQuerySchema,
  analyticsSessionsSchema,
  analyticsSummarySchema,
  analyticsTimeseriesSchema,
  analyticsUsersTimeseriesSchema,
} from './analytics.schemas';
import { binaryResponse, noContentResponse } from './answers';
import {
  adminContentBlockSchema,
  adminContentKeyParamsSchema,
  adminContentListQuerySchema,
  adminContentListSchema,
  contentVersionListSchema,
  contentVersionsQuerySchema,
  rollbackContentBodySchema,
  saveContentBodySchema,
} from './content.schemas';
import {
  deliverOrderBodySchema,
  deliverOrderParamsSchema,
  deliverOrderResponseSchema,
  emailListQuerySchema,
  emailLogListSchema,
  emailStatsQuerySchema,
  emailStatsSchema,
} from './emails.schemas';
import {
  adminGuideListQuerySchema,
  adminGuideListSchema,
  adminGuideSchema,
  canDeleteSchema,
  guideIdParamsSchema,
  permanentDeleteSchema,
} from './guides.schemas';
import { mediaIdParamsSchema, mediaItemSchema, mediaListSchema } from './media.schemas';

const guide = { params: guideIdParamsSchema, response: { 200: adminGuideSchema } };
const range = <T extends z.ZodType>(answer: T) => ({
  querystring: analyticsRangeQuerySchema,
  response: { 200: answer },
});

/** The admin tabs' calls, every one behind the admin key. */
export const adminSchemas = {
  session: { summary: 'Check the admin key', response: { 200: z.object({ ok: z.literal(true) }) } },
  listGuides: {
    summary: 'Every guide, published or not, for the Guides tab',
    querystring: adminGuideListQuerySchema,
    response: { 200: adminGuideListSchema },
  },
  createGuide: {
    summary: 'Create a guide from a multipart form (cover, PDFs)',
    errors: [413, 415],
    response: { 201: adminGuideSchema },
  },
  replaceGuide: {
    ...guide,
    summary: "Replace a guide's fields and files from a multipart form",
    errors: [413, 415],
  },
  updateGuide: { ...guide, summary: "Edit a guide's fields" },
  unpublishGuide: { ...guide, summary: 'Unpublish a guide' },
  canDeleteGuide: {
    summary: 'Whether a guide may be deleted for good, and why not',
    params: guideIdParamsSchema,
    response: { 200: canDeleteSchema },
  },
  deleteGuide: {
    summary: 'Delete a guide for good (refused once it was ordered)',
    errors: [409],
    params: guideIdParamsSchema,
    response: { 200: permanentDeleteSchema },
  },
  uploadGuidePdf: {
    summary: "Upload a guide's PDF",
    errors: [413, 415],
    response: { 200: adminGuideSchema },
  },
  listContent: {
    summary: 'Content blocks in both languages',
    querystring: adminContentListQuerySchema,
    response: { 200: adminContentListSchema },
  },
  saveContent: {
    summary: 'Create or update a content block (a new version)',
    errors: [409],
    params: adminContentKeyParamsSchema,
    body: saveContentBodySchema,
    response: { 200: adminContentBlockSchema, 201: adminContentBlockSchema },
  },
  contentVersions: {
    summary: "A content block's versions",
    params: adminContentKeyParamsSchema,
    querystring: contentVersionsQuerySchema,
    response: { 200: contentVersionListSchema },
  },
  rollbackContent: {
    summary: "Restore a content block's earlier version as a new version",
    params: adminContentKeyParamsSchema,
    body: rollbackContentBodySchema,
    response: { 200: adminContentBlockSchema },
  },
  listEmails: {
    summary: 'The email log',
    querystring: emailListQuerySchema,
    response: { 200: emailLogListSchema },
  },
  emailStats: {
    summary: 'Email counts by status',
    querystring: emailStatsQuerySchema,
    response: { 200: emailStatsSchema },
  },
  exportCustomers: {
    summary: 'The email list as CSV',
    mediaType: 'text/csv',
    response: binaryResponse('One row per customer: CSV, UTF-8 with a BOM'),
  },
  deliverOrder: {
    summary: "Send an order's delivery email again (Send Again)",
    errors: [409],
    params: deliverOrderParamsSchema,
    body: deliverOrderBodySchema,
    response: { 202: deliverOrderResponseSchema },
  },
  listMedia: { summary: 'The media library', response: { 200: mediaListSchema } },
  uploadMedia: {
    summary: 'Upload an image to the media library',
    errors: [413, 415],
    response: { 201: mediaItemSchema },
  },
  deleteMedia: {
    summary: 'Delete an image from the media library',
    params: mediaIdParamsSchema,
    response: noContentResponse('The image and its file are gone'),
  },
  pendingMobileMoney: {
    summary: 'Mobile-money orders waiting for a decision, then recent ones, a page at a time',
    querystring: pendingMobileMoneyQuerySchema,
    response: { 200: pendingMobileMoneyOrdersSchema },
  },
  verifyOrder: {
    summary: 'Validate a mobile-money payment and deliver the guides',
    errors: [409],
    params: adminOrderParamsSchema,
    body: verifyOrderBodySchema,
    response: { 200: orderDecisionResponseSchema },
  },
  rejectOrder: {
    summary: 'Reject a mobile-money payment, with an optional reason for the customer’s email',
    errors: [409],
    params: adminOrderParamsSchema,
    body: rejectOrderBodySchema,
    response: { 200: orderDecisionResponseSchema },
  },
  receipt: {
    summary: 'The latest payment proof of a mobile-money order, as an image',
    mediaType: 'image/webp',
    params: adminOrderParamsSchema,
    response: binaryResponse('The latest payment proof, as a WebP image'),
  },
  analyticsSummary: {
    ...range(analyticsSummarySchema),
    summary: 'Analytics: visits, orders, revenue and conversion for a range',
  },
  analyticsEvents: { ...range(analyticsEventsSchema), summary: 'Analytics: events by type for a range' },
  analyticsFunnel: { ...range(analyticsFunnelSchema), summary: 'Analytics: the purchase funnel for a range' },
  analyticsPages: {
    summary: 'Analytics: the most viewed pages',
    querystring: analyticsPagesQuerySchema,
    response: { 200: analyticsPagesSchema },
  },
  analyticsGeo: { ...range(analyticsGeoSchema), summary: 'Analytics: visits by country (and region)' },
  analyticsUsersTimeseries: {
    ...range(analyticsUsersTimeseriesSchema),
    summary: 'Analytics: unique visitors per day',
  },
  analyticsTimeseries: {
    ...range(analyticsTimeseriesSchema),
    summary: 'Analytics: visits, orders and revenue per day',
  },
  analyticsSessions: { ...range(analyticsSessionsSchema), summary: 'Analytics: sessions and their length' },
};
