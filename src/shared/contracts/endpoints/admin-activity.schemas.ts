import { z } from 'zod';
import { daySchema } from '../days';

/** The Activity tab's filters: an action, a kind of subject, a range of days (UTC, both included). */
export const activityListQuerySchema = z
  .object({
    /** e.g. guide.update; exact. */
    action: z.string().trim().max(100).optional(),
    /** e.g. guide, content, media, order. */
    subjectType: z.string().trim().max(100).optional(),
    subjectId: z.string().trim().max(200).optional(),
    from: daySchema('from').optional(),
    to: daySchema('to').optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'to must be the same day as from or after it',
    path: ['to'],
  });
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** One field a change touched: its value before and after (null when it did not exist). */
export const activityChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Which admin key: its actor id, never the key. */
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** What the subject is called today: an order's number, a guide's title; null when not known. */
  subjectName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The fields whose values differ between before and after, for a readable diff. */
  changes: z.array(activityChangeSchema),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** Every action and subject type recorded so far, for the filters. */
  actions: z.array(z.string()),
  subjectTypes: z.array(z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const adminActivitySchemas = {
  listActivity: {
    summary: 'The activity log: admin changes, newest first, filtered',
    querystring: activityListQuerySchema,
    response: { 200: activityPageSchema },
  },
};
