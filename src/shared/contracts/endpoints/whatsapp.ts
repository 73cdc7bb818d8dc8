/**
 * WhatsApp delivery: Meta's webhook (its GET verification and the signed status
 * notifications) and the operator's list of messages. The schemas are in ./whatsapp.schemas.ts.
 */
import { ADMIN, FILE, get, post } from './declare';

/** Meta's subscription check: answers hub.challenge as text when hub.verify_token matches. */
export const verifyWebhook = get('/api/whatsapp/webhook', FILE);
/** Message statuses, signed with X-Hub-Signature-256. */
export const statusWebhook = post('/api/whatsapp/webhook');
export const listMessages = get('/api/admin/whatsapp/messages', ADMIN);
