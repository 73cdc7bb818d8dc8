/**
 * Wave Checkout (docs/features/wave.md): opening a Wave checkout for a mobile-money order, Wave's
 * signed webhook, and the address Wave sends the buyer back to. The schemas are in ./wave.schemas.ts.
 */
import { get, post } from './declare';

/** Opens (or resumes) a Wave checkout session; answers its wave_launch_url. */
export const waveCheckout = post('/api/orders/:id/wave/checkout');
/** checkout.session.completed and checkout.session.payment_failed, signed with Wave-Signature. */
export const waveWebhook = post('/api/wave/webhook');
/** success_url and error_url: one check with Wave, then to the order page. */
export const waveReturn = get('/api/wave/return/:id');
