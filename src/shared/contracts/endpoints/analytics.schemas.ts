/**
 * Answers of the admin Analytics tab (spec seed 001 §2 "Analytics tab", §3, §7; the field names
 * of §3 are kept as they are). Every endpoint takes ?range=7d|30d|90d (default 7d). A range of N
 * days is the N UTC days ending with today (today included); the previous period is the N days
 * before it. Percentages are 0–100 numbers rounded to two decimals.
 */
import { z } from 'zod';
import { ANALYTICS_EVENT_TYPES, DEVICE_TYPES, TRAFFIC_SOURCES } from '../analytics';

export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** Spec seed 001 §9: the Conversion Rate card's note. */
export const INDUSTRY_AVERAGE_CONVERSION_RATE = 2.5;
export const ANALYTICS_PAGES_DEFAULT_LIMIT = 10;
export const ANALYTICS_PAGES_MAX_LIMIT = 100;

export const analyticsRangeQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: 'range must be 7d, 30d or 90d' }).default('7d'),
});
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

export const analyticsPagesQuerySchema = analyticsRangeQuerySchema.extend({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(ANALYTICS_PAGES_MAX_LIMIT, 'limit must be a whole number from 1 to 100')
    .default(ANALYTICS_PAGES_DEFAULT_LIMIT),
});
export type AnalyticsPagesQuery = z.infer<typeof analyticsPagesQuerySchema>;

/**
 * Growth against the previous period of the same length, in percent: null when that period had
 * none and this one has some (no finite growth), 0 when both had none.
 */
const growthSchema = z.number().nullable();
const percentSchema = z.number();
/** "YYYY-MM-DD", a UTC day. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The day as a chart label, e.g. "Nov 22" (English short month, UTC). */
const dayLabelSchema = z.string();

/** GET /api/admin/analytics/summary */
export const analyticsSummarySchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /**
   * Net revenue in euros, as a decimal string like order totals ("1234.50"): completed orders' totals
   * (what was paid, after discounts) less the refunds made in the range (a refund counts on the day
   * it was made). Orders paid through the test-mode card gateway are not revenue: they and their
   * refunds are left out of every figure here but the two `testMode…` ones.
   */
  totalRevenue: z.string(),
  totalRevenueCents: z.number().int(),
  currency: z.literal('EUR'),
  revenueGrowth: growthSchema,
  /** Completed orders' totals, before refunds; totalRevenueCents = paidRevenueCents − refundedCents. */
  paidRevenueCents: z.number().int(),
  /** Refunds made in the range. */
  refundedCents: z.number().int(),
  /** What the orders would have cost without their discount codes; minus discountCents = paidRevenueCents. */
  revenueBeforeDiscountsCents: z.number().int(),
  discountCents: z.number().int(),
  /** Uses of each code by the range's completed orders, most used first (at most 20). */
  discountCodes: z.array(
    z.object({ code: z.string(), uses: z.number().int(), discountCents: z.number().int() }),
  ),
  /** Completed orders (by completion time, else creation time), not events. */
  totalOrders: z.number().int(),
  ordersGrowth: growthSchema,
  /** 'download' events. */
  totalDownloads: z.number().int(),
  downloadsGrowth: growthSchema,
  /**
   * Sessions started in the range that completed a purchase ÷ those sessions × 100 (0 without
   * sessions): the funnel's overall conversion rate, never over 100. Orders placed without a
   * tracked session count in totalOrders only.
   */
  conversionRate: percentSchema,
  totalSessions: z.number().int(),
  /**
   * Completed orders of the range paid in test mode (simulated card payments), and their total in
   * cents less the refunds of test-mode orders made in the range.
   */
  testModeOrders: z.number().int(),
  testModeRevenueCents: z.number().int(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** GET /api/admin/analytics/events: events of the range by type. */
export const analyticsEventsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  totalEvents: z.number().int(),
  /** Every known type, zero included, most frequent first. */
  byType: z.array(
    z.object({
      type: z.enum(ANALYTICS_EVENT_TYPES),
      count: z.number().int(),
      percentage: percentSchema,
    }),
  ),
  /** 'action' events by meta.action (add_to_cart, search, time_on_page, scroll, others), most frequent first. */
  byAction: z.array(z.object({ action: z.string(), count: z.number().int() })),
});
export type AnalyticsEvents = z.infer<typeof analyticsEventsSchema>;

export const FUNNEL_STEPS = ['Visit', 'Add to Cart', 'Checkout Started', 'Purchase Completed'] as const;

/**
 * GET /api/admin/analytics/funnel. Counts are sessions started in the range that reached the step
 * or a later one (Visit: every session; Add to Cart: an add_to_cart event or action; Checkout
 * Started: purchase_started; Purchase Completed: purchase_completed or purchase), so a purchase
 * counts at every step and the counts never grow from one step to the next.
 */
export const analyticsFunnelSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /** Purchase Completed ÷ Visit × 100. */
  overallConversionRate: percentSchema,
  funnel: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      count: z.number().int(),
      /** count ÷ Visit count × 100. */
      percentage: percentSchema,
      /** (previous step's count − count) ÷ previous step's count × 100; 0 for the first step. */
      dropOffPercentage: percentSchema,
    }),
  ),
});
export type AnalyticsFunnel = z.infer<typeof analyticsFunnelSchema>;
export type AnalyticsFunnelStep = AnalyticsFunnel['funnel'][number];

/**
 * GET /api/admin/analytics/pages?limit=10: pages by total time spent (the sum of their
 * time_on_page actions' durations), then views. views and uniqueVisitors count page_view events;
 * avgTimeMs is the mean duration of the page's time_on_page actions (0 without any).
 */
export const analyticsPagesSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  pages: z.array(
    z.object({
      page: z.string(),
      views: z.number().int(),
      uniqueVisitors: z.number().int(),
      avgTimeMs: z.number().int(),
      /** "2m 05s", "45s", "0s". */
      avgTimeFormatted: z.string(),
    }),
  ),
});
export type AnalyticsPages = z.infer<typeof analyticsPagesSchema>;
export type AnalyticsPage = AnalyticsPages['pages'][number];

/** GET /api/admin/analytics/geo: sessions started in the range by country, most first. */
export const analyticsGeoSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  totalSessions: z.number().int(),
  countries: z.array(
    z.object({
      /** ISO 3166-1 alpha-2 code ("SN"), or "Unknown" when the address had no known country. */
      country: z.string(),
      sessions: z.number().int(),
      /** How many distinct regions those sessions came from. */
      regions: z.number().int(),
      /** sessions ÷ totalSessions × 100. */
      percentage: percentSchema,
    }),
  ),
});
export type AnalyticsGeo = z.infer<typeof analyticsGeoSchema>;
export type AnalyticsGeoItem = AnalyticsGeo['countries'][number];

/** GET /api/admin/analytics/users/timeseries: one item per UTC day of the range, oldest first, zeros included. */
export const analyticsUsersTimeseriesSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /** Distinct visitors over the whole range (not the sum of the days). */
  totalUniqueUsers: z.number().int(),
  series: z.array(
    z.object({
      date: daySchema,
      dateFormatted: dayLabelSchema,
      /** Distinct visitorIds with a session starting that day. */
      uniqueUsers: z.number().int(),
    }),
  ),
});
export type AnalyticsUsersTimeseries = z.infer<typeof analyticsUsersTimeseriesSchema>;
export type AnalyticsUsersPoint = AnalyticsUsersTimeseries['series'][number];

/** GET /api/admin/analytics/timeseries: one item per UTC day of the range, oldest first, zeros included. */
export const analyticsTimeseriesSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  series: z.array(
    z.object({
      date: daySchema,
      dateFormatted: dayLabelSchema,
      /** Sessions started that day. */
      sessions: z.number().int(),
      pageViews: z.number().int(),
      events: z.number().int(),
      /** Completed orders and their revenue (decimal euros string) that day. */
      orders: z.number().int(),
      revenue: z.string(),
    }),
  ),
});
export type AnalyticsTimeseries = z.infer<typeof analyticsTimeseriesSchema>;
export type AnalyticsTimeseriesPoint = AnalyticsTimeseries['series'][number];

const shareSchema = z.object({ sessions: z.number().int(), percentage: percentSchema });

/** GET /api/admin/analytics/sessions: sessions started in the range. */
export const analyticsSessionsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  totalSessions: z.number().int(),
  uniqueVisitors: z.number().int(),
  /** Mean of (last event − first event) per session. */
  avgDurationMs: z.number().int(),
  avgDurationFormatted: z.string(),
  avgPageViews: z.number(),
  /** Sessions with at most one page view ÷ sessions × 100. */
  bounceRate: percentSchema,
  bySource: z.array(shareSchema.extend({ source: z.enum(TRAFFIC_SOURCES) })),
  byDevice: z.array(shareSchema.extend({ deviceType: z.enum(DEVICE_TYPES) })),
});
export type AnalyticsSessions = z.infer<typeof analyticsSessionsSchema>;
