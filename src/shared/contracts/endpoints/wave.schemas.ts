import { z } from 'zod';
import { paymentStateSchema } from '../mobile-money';

const orderParams = z.object({ id: z.string().min(1).max(100) });

export const waveSchemas = {
  waveCheckout: {
    summary: 'Open (or resume) a Wave checkout for a mobile-money order',
    errors: [409, 503],
    params: orderParams,
    response: {
      200: z.object({
        /** Wave's launch page: it opens the Wave app on a phone, a QR code on a computer. */
        paymentUrl: z.string(),
        provider: z.literal('wave'),
        /** The euro total at 655.957 FCFA per euro, rounded up to a whole franc. */
        amountXof: z.int(),
        paymentState: paymentStateSchema,
      }),
    },
  },
  waveWebhook: {
    summary: "Wave's signed checkout webhook",
    errors: [401, 503],
    response: {
      200: z.object({
        received: z.literal(true),
        outcome: z.enum(['completed', 'already-completed', 'waiting', 'failed', 'ignored']),
      }),
    },
  },
  waveReturn: {
    summary: "The shopper's return from Wave (success_url and error_url)",
    params: orderParams,
    querystring: z.object({ outcome: z.string().max(20).optional() }),
    response: { 303: z.null().meta({ description: 'To the order page, which shows the payment state' }) },
  },
};
