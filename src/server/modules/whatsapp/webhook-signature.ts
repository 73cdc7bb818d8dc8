import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs each webhook with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of
 * the raw body>`. Compared in constant time; anything malformed is simply not the signature.
 */
export function webhookSignatureMatches(appSecret: string, rawBody: Buffer, header: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** The header's value for a body: what Meta (and the tests' fake) sends. */
export const signWebhookBody = (appSecret: string, rawBody: Buffer | string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
