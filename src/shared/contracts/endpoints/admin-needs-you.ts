/** The admin's "Needs you" counts: what waits for the operator, tab by tab. */
import { ADMIN, get } from './declare';

export const needsYou = get('/api/admin/needs-you', ADMIN);
