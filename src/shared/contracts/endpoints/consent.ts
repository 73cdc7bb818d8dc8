/**
 * The unsubscribe link of the shop's news and notices (docs/features/consent.md): a page with one
 * button (GET), and the withdrawal itself (POST), which is also RFC 8058's one-click POST.
 * Schemas in ./consent.schemas.ts.
 */
import { FILE, get, post } from './declare';

export const unsubscribePage = get('/api/unsubscribe/:token', FILE);
export const unsubscribe = post('/api/unsubscribe/:token', FILE);
