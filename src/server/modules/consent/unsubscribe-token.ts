import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONSENT_CHANNELS, type ConsentChannel } from '../../../shared/consent';
import { LOCALES, type Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { existingStoredSecret, storedSecret } from '../../db/stored-secret';

/**
 * What an unsubscribe link names: a channel, the order whose address (its email, or its mobile
 * number for WhatsApp) stops getting messages, and the language of its page. An order id keeps the
 * token short (46 characters) whatever the address's length.
 */
export interface UnsubscribeGrant {
  channel: ConsentChannel;
  orderId: string;
  locale: Locale;
}

// Domain separation: a MAC made for a download link never verifies as an unsubscribe link.
const CONTEXT = Buffer.from('unsubscribe-link-v1');
const MAC_BYTES = 16; // HMAC-SHA256 truncated to 128 bits
const BODY_BYTES = 18; // channel (1) + locale (1) + order uuid (16)

const mac = (secret: Buffer, body: Buffer) =>
  createHmac('sha256', secret).update(CONTEXT).update(body).digest().subarray(0, MAC_BYTES);

/** base64url(channel ‖ locale ‖ order id ‖ MAC): nothing to store, nothing to guess (docs/features/consent.md). */
export function signUnsubscribeToken(secret: Buffer, grant: UnsubscribeGrant): string {
  const body = Buffer.concat([
    Buffer.from([CONSENT_CHANNELS.indexOf(grant.channel), LOCALES.indexOf(grant.locale)]),
    Buffer.from(grant.orderId.replace(/-/g, ''), 'hex'),
  ]);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The grant of a genuine link, or undefined for anything forged, cut short or re-spelled. */
export function verifyUnsubscribeToken(secret: Buffer, token: string): UnsubscribeGrant | undefined {
  const bytes = Buffer.from(token, 'base64url');
  // Node's decoder skips stray characters: only the canonical spelling of the bytes is accepted.
  if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const body = bytes.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(bytes.subarray(BODY_BYTES), mac(secret, body))) return undefined;
  const channel = CONSENT_CHANNELS[body[0]!];
  const locale = LOCALES[body[1]!];
  if (!channel || !locale) return undefined;
  const orderId = body
    .subarray(2)
    .toString('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  return { channel, locale, orderId };
}

const SECRET_KEY = 'unsubscribe-link-secret';

/** The links' signing secret, shared by every instance on the database (made by the first link). */
export const unsubscribeSigningSecret = (db: Db): Promise<Buffer> => storedSecret(db, SECRET_KEY);

/** The secret only if a link was ever signed: checking a link writes nothing. */
export const existingUnsubscribeSecret = (db: Db): Promise<Buffer | undefined> =>
  existingStoredSecret(db, SECRET_KEY);
