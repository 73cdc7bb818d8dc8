import { DEMO_SHOP_DETAILS, RECEIPT_SHOP_KEY } from '../../../modules/receipts/shop-details';
import type { SeedContentBlock } from './types';

/** The seller block of the receipts: name, address, contact; the operator edits it. */
export const receiptBlocks: readonly SeedContentBlock[] = [
  { key: RECEIPT_SHOP_KEY, type: 'plain', ...DEMO_SHOP_DETAILS },
];
