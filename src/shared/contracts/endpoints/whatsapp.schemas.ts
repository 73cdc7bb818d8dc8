import { z } from 'zod';
import { localeSchema } from '../catalogue';
import { binaryResponse } from './answers';

export const WHATSAPP_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;

/** One WhatsApp message as the Messages tab lists it, newest first. */
export const whatsappMessageSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** order-paid, mobile-money-placed */
  kind: z.string(),
  toNumber: z.string(),
  template: z.string(),
  locale: localeSchema,
  status: z.enum(WHATSAPP_STATUSES),
  attempts: z.int(),
  errorCode: z.int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type WhatsAppMessageEntry = z.infer<typeof whatsappMessageSchema>;

export const whatsappSchemas = {
  verifyWebhook: {
    summary: "WhatsApp's webhook verification challenge",
    mediaType: 'text/plain',
    errors: [403],
    querystring: z.object({
      'hub.mode': z.string().max(50),
      'hub.verify_token': z.string().max(500),
      'hub.challenge': z.string().max(500),
    }),
    response: binaryResponse('hub.challenge, as sent'),
  },
  statusWebhook: {
    summary: "WhatsApp's signed message statuses",
    errors: [403, 413],
    response: { 200: z.object({ received: z.literal(true), recorded: z.int() }) },
  },
  listMessages: {
    summary: 'WhatsApp messages and their statuses',
    querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: {
      200: z.object({
        /** WHATSAPP_* set: the checkout offers the option and messages are sent. */
        configured: z.boolean(),
        messages: z.array(whatsappMessageSchema),
      }),
    },
  },
};
