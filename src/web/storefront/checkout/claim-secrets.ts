/**
 * What proves to the server that this browser placed an order: a claim key made
 * here for free and mobile-money orders, and the PaymentIntent's client secret for a card. Kept in
 * localStorage, so a reload after a lost answer can still claim the order; forgotten once it is shown.
 */
const CLAIM_KEY = 'checkout-claim-key';
const SECRET_PREFIX = 'checkout-payment:';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // Private modes that refuse storage: the claim lives as long as the page.
  }
}

let memoryKey: string | undefined;

/** ≥128 random bits, base64url, made once per checkout. */
export function checkoutClaimKey(): string {
  const stored = storage()?.getItem(CLAIM_KEY) ?? memoryKey;
  if (stored) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  memoryKey = key;
  storage()?.setItem(CLAIM_KEY, key);
  return key;
}

export function rememberClientSecret(paymentIntentId: string, clientSecret: string): void {
  storage()?.setItem(SECRET_PREFIX + paymentIntentId, clientSecret);
}

export function clientSecretFor(paymentIntentId: string): string | undefined {
  return storage()?.getItem(SECRET_PREFIX + paymentIntentId) ?? undefined;
}

/** After an order is shown: the next checkout starts with a new key. */
export function forgetCheckoutClaims(paymentIntentId?: string): void {
  memoryKey = undefined;
  storage()?.removeItem(CLAIM_KEY);
  if (paymentIntentId) storage()?.removeItem(SECRET_PREFIX + paymentIntentId);
}
