/**
 * What the browser tracker sends to POST /api/analytics/event (spec storefront §3 "Analytics
 * session/event", §7 "Analytics event types", §9 "Analytics"). Type-only on the browser side:
 * the tracker must stay under 3 KB gzipped, so it imports these types and nothing from zod.
 */
import { z } from 'zod';

export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'click',
  'form_submit',
  'purchase',
  'purchase_started',
  'purchase_completed',
  'add_to_cart',
  'download',
  'action',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** meta.action of an 'action' event. */
export const ANALYTICS_ACTIONS = ['add_to_cart', 'search', 'time_on_page', 'scroll'] as const;
export const TRAFFIC_SOURCES = ['direct', 'search', 'social', 'email', 'referral'] as const;
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export const SCROLL_THRESHOLDS = [25, 50, 75, 100] as const;
export const SCROLL_DEBOUNCE_MS = 100;
/** time_on_page is sent only above this. */
export const MIN_TIME_ON_PAGE_MS = 1000;
/** Largest accepted body and batch. */
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024;
export const ANALYTICS_MAX_BATCH = 50;
/** Domains (and their subdomains) whose pages send the shopper back after paying: no new visit. */
export const PAYMENT_PROVIDER_DOMAINS = [
  'stripe.com',
  'stripe.network',
  'paypal.com',
  'djamo.com',
  'djamo.ci',
] as const;

const shortText = (max: number) => z.string().max(max);

export const analyticsEventSchema = z.object({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  page: shortText(500).optional(),
  guideId: shortText(100).nullish(),
  durationMs: z.int().min(0).max(86_400_000).nullish(),
  /** Free-form details: { action, query, resultsCount, scrollDepth, ... }; at most 2 KB as JSON. */
  meta: z
    .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((meta) => JSON.stringify(meta).length <= 2048, 'meta must be at most 2 KB')
    .nullish(),
  /** visitor_{number}_{timestamp} */
  visitorId: z
    .string()
    .regex(/^visitor_\d{1,20}_\d{1,15}$/, 'visitorId must look like visitor_{number}_{timestamp}'),
  /** When the browser's session began (ms since epoch); events of one session share it. */
  sessionStart: z.int().positive().optional(),
  source: z.enum(TRAFFIC_SOURCES).optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  userAgent: shortText(500).optional(),
  utmSource: shortText(200).nullish(),
  utmMedium: shortText(200).nullish(),
  utmCampaign: shortText(200).nullish(),
  /**
   * Host of document.referrer on the session's landing page, if any. The server uses it only to
   * recognise a return from a payment provider's page (checkout.stripe.com), which continues the
   * visitor's session instead of starting a referral visit; it is not stored.
   */
  referrer: shortText(300).nullish(),
  /** When the event happened in the browser (ms since epoch); queued events keep their time. */
  timestamp: z.int().positive().optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** One event, or a batch of them (as the offline queue flushes). */
export const analyticsIngestSchema = z.union([
  analyticsEventSchema,
  z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_BATCH),
]);
