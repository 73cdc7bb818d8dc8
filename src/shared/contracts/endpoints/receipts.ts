/**
 * An order's receipt: a PDF made on demand, in the order's language. Public, like the
 * order page's other calls (the order's public id is the right); schemas in ./receipts.schemas.ts.
 */
import { FILE, get } from './declare';

export const orderReceipt = get('/api/orders/:id/receipt.pdf', FILE);
