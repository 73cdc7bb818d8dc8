import { z } from 'zod';
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
} from '../admin/analytics';
import {
  adminContentBlockSchema,
  adminContentKeyParamsSchema,
  adminContentListQuerySchema,
  adminContentListSchema,
  contentVersionListSchema,
  contentVersionsQuerySchema,
  rollbackContentBodySchema,
  saveContentBodySchema,
} from '../admin/content';
import {
  deliverOrderBodySchema,
  deliverOrderParamsSchema,
  deliverOrderResponseSchema,
  emailListQuerySchema,
  emailLogListSchema,
  emailStatsQuerySchema,
  emailStatsSchema,
} from '../admin/emails';
import {
  adminGuideListQuerySchema,
  adminGuideListSchema,
  adminGuideSchema,
  canDeleteSchema,
  guideIdParamsSchema,
  permanentDeleteSchema,
} from '../admin/guides';
import { mediaIdParamsSchema, mediaItemSchema, mediaListSchema } from '../admin/media';
import {
  adminOrderParamsSchema,
  orderDecisionResponseSchema,
  pendingMobileMoneyOrdersSchema,
  pendingMobileMoneyQuerySchema,
  rejectOrderBodySchema,
  verifyOrderBodySchema,
} from '../mobile-money';
import { binaryResponse, noContentResponse } from './answers';

const guide = { params: guideIdParamsSchema, response: { 200: adminGuideSchema } };
const range = <T extends z.ZodType>(answer: T) => ({
  querystring: analyticsRangeQuerySchema,
  response: { 200: answer },
});

/** The admin tabs' calls, every one behind the admin key. */
export const adminSchemas = {
  session: { response: { 200: z.object({ ok: z.literal(true) }) } },
  listGuides: { querystring: adminGuideListQuerySchema, response: { 200: adminGuideListSchema } },
  createGuide: { response: { 201: adminGuideSchema } },
  replaceGuide: guide,
  updateGuide: guide,
  unpublishGuide: guide,
  canDeleteGuide: { params: guideIdParamsSchema, response: { 200: canDeleteSchema } },
  deleteGuide: { params: guideIdParamsSchema, response: { 200: permanentDeleteSchema } },
  uploadGuidePdf: { response: { 200: adminGuideSchema } },
  listContent: { querystring: adminContentListQuerySchema, response: { 200: adminContentListSchema } },
  saveContent: {
    params: adminContentKeyParamsSchema,
    body: saveContentBodySchema,
    response: { 200: adminContentBlockSchema, 201: adminContentBlockSchema },
  },
  contentVersions: {
    params: adminContentKeyParamsSchema,
    querystring: contentVersionsQuerySchema,
    response: { 200: contentVersionListSchema },
  },
  rollbackContent: {
    params: adminContentKeyParamsSchema,
    body: rollbackContentBodySchema,
    response: { 200: adminContentBlockSchema },
  },
  listEmails: { querystring: emailListQuerySchema, response: { 200: emailLogListSchema } },
  emailStats: { querystring: emailStatsQuerySchema, response: { 200: emailStatsSchema } },
  exportCustomers: { response: binaryResponse('One row per customer: CSV, UTF-8 with a BOM') },
  deliverOrder: {
    params: deliverOrderParamsSchema,
    body: deliverOrderBodySchema,
    response: { 202: deliverOrderResponseSchema },
  },
  listMedia: { response: { 200: mediaListSchema } },
  uploadMedia: { response: { 201: mediaItemSchema } },
  deleteMedia: {
    params: mediaIdParamsSchema,
    response: noContentResponse('The image and its file are gone'),
  },
  pendingMobileMoney: {
    querystring: pendingMobileMoneyQuerySchema,
    response: { 200: pendingMobileMoneyOrdersSchema },
  },
  verifyOrder: {
    params: adminOrderParamsSchema,
    body: verifyOrderBodySchema,
    response: { 200: orderDecisionResponseSchema },
  },
  rejectOrder: {
    params: adminOrderParamsSchema,
    body: rejectOrderBodySchema,
    response: { 200: orderDecisionResponseSchema },
  },
  receipt: {
    params: adminOrderParamsSchema,
    response: binaryResponse('The latest receipt: a WebP image or a PDF'),
  },
  analyticsSummary: range(analyticsSummarySchema),
  analyticsEvents: range(analyticsEventsSchema),
  analyticsFunnel: range(analyticsFunnelSchema),
  analyticsPages: { querystring: analyticsPagesQuerySchema, response: { 200: analyticsPagesSchema } },
  analyticsGeo: range(analyticsGeoSchema),
  analyticsUsersTimeseries: range(analyticsUsersTimeseriesSchema),
  analyticsTimeseries: range(analyticsTimeseriesSchema),
  analyticsSessions: range(analyticsSessionsSchema),
};
