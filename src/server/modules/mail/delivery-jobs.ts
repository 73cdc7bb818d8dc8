import { z } from 'zod';
import { jobKind } from '../jobs/registry';

/**
 * The delivery's two jobs, as any module queues them (an order's completion, the admin's resend);
 * their handlers are in mail.jobs.ts.
 */

/** Delivering an order: stamp its PDFs, then send the delivery email. Exactly once per order. */
export const deliverOrder = jobKind('deliver-order', z.object({ orderId: z.uuid() }));
export const DELIVER_ORDER_JOB = deliverOrder.kind;
export const deliverOrderJob = (orderId: string) =>
  deliverOrder.input({ orderId }, { dedupeKey: `${DELIVER_ORDER_JOB}:${orderId}` });

/** Sending the delivery email again, asked for by the shopper: one job (and one email) per request. */
export const resendLinks = jobKind(
  'resend-links',
  z.object({
    orderId: z.uuid(),
    requestId: z.uuid(),
    /** Why it goes again: the buyer asked (the default), or the operator corrected the address. */
    why: z.enum(['asked', 'email_changed']).optional(),
  }),
);
export const RESEND_LINKS_JOB = resendLinks.kind;
export const resendLinksJob = (orderId: string, requestId: string, why?: 'asked' | 'email_changed') =>
  resendLinks.input(
    { orderId, requestId, ...(why ? { why } : {}) },
    { dedupeKey: `${RESEND_LINKS_JOB}:${requestId}` },
  );
