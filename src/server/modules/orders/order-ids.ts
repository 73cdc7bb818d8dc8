import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The id in every order URL. Knowing it is the right to see the order and download its guides, so it
 * carries 128 bits from the CSPRNG (22 base64url characters), never a sequence or a UUID (122 bits,
 * and a format people recognise and try to enumerate).
 */
export function generatePublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** What a public id can look like: at least 22 base64url characters (orders made elsewhere may use more). */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** No 0/O, 1/I/L: the number is read aloud and typed from emails and screenshots. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "GA-7K3M9Q": for support conversations only, never an access right (31^6 ≈ 887 million). */
export function generateOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `GA-${code}`;
}

/** What is stored of a browser's claim key: its sha256, so the database alone cannot claim an order. */
export function hashClaimKey(claimKey: string): string {
  return createHash('sha256').update(claimKey).digest('hex');
}

/** Whether a request proved it placed the order: its claim key hashes to the one stored. */
export function holdsClaimKey(order: { claimKeyHash: string | null }, claimKey: string | undefined): boolean {
  if (!claimKey || !order.claimKeyHash) return false;
  return timingSafeEqual(Buffer.from(hashClaimKey(claimKey)), Buffer.from(order.claimKeyHash));
}
