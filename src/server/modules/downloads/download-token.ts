import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { existingStoredSecret, storedSecret } from '../../db/stored-secret';

/**
 * What a download link grants: one stamped PDF of one order item, or the ZIP of a whole order,
 * until `exp` (Unix seconds); `light` for the light editions.
 */
export type DownloadGrant =
  | { k: 'file'; item: string; slot: 'primary' | 'secondary'; exp: number; light?: boolean }
  | { k: 'zip'; order: string; exp: number; light?: boolean }
  /** One stamped copy by its own file id: an earlier edition's, which the item's slot no longer names. */
  | { k: 'copy'; file: string; exp: number };

export type TokenCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'invalid' | 'expired' };

// Domain separation: a MAC made for anything else with the same secret never verifies as a link.
const CONTEXT = Buffer.from('download-link-v1');
const KIND = { primary: 1, secondary: 2, zip: 3 } as const;
/** A light edition's kind is the full one's plus this (4 to 6). */
const LIGHT = 3;
/** An earlier edition's stamped copy, named by its own file id. */
const COPY = 7;
const BODY_BYTES = 21; // kind (1) + uuid (16) + expiry in Unix seconds (4)
const MAC_BYTES = 16; // HMAC-SHA256 truncated to 128 bits (RFC 2104 §5 allows truncation)

const mac = (secret: Buffer, body: Buffer) =>
  createHmac('sha256', secret).update(CONTEXT).update(body).digest().subarray(0, MAC_BYTES);

const uuidToBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const bytesToUuid = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * base64url(kind ‖ id ‖ expiry ‖ MAC): 50 URL-safe characters, short enough for a path segment
 * and a chat message, and nothing to look up but the order itself.
 */
export function signDownloadToken(secret: Buffer, grant: DownloadGrant): string {
  const body = Buffer.alloc(BODY_BYTES);
  body[0] =
    grant.k === 'copy' ? COPY : (grant.k === 'zip' ? KIND.zip : KIND[grant.slot]) + (grant.light ? LIGHT : 0);
  uuidToBytes(grant.k === 'zip' ? grant.order : grant.k === 'copy' ? grant.file : grant.item).copy(body, 1);
  body.writeUInt32BE(grant.exp, 17);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The signature is checked before the expiry, so an edited expiry is a tampered link, not an expired one. */
export function verifyDownloadToken(secret: Buffer, token: string, now: Date): TokenCheck {
  const bytes = Buffer.from(token, 'base64url');
  // Node's decoder skips stray characters: only the canonical spelling of the bytes is accepted.
  if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) {
    return { ok: false, reason: 'invalid' };
  }
  const body = bytes.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(bytes.subarray(BODY_BYTES), mac(secret, body)))
    return { ok: false, reason: 'invalid' };
  const id = bytesToUuid(body.subarray(1, 17));
  const exp = body.readUInt32BE(17);
  const light = body[0]! > LIGHT && body[0]! !== COPY;
  const kind = light ? body[0]! - LIGHT : body[0];
  const grant: DownloadGrant | undefined =
    body[0] === COPY
      ? { k: 'copy', file: id, exp }
      : kind === KIND.zip
        ? { k: 'zip', order: id, exp, ...(light ? { light } : {}) }
        : kind === KIND.primary || kind === KIND.secondary
          ? {
              k: 'file',
              item: id,
              slot: kind === KIND.primary ? 'primary' : 'secondary',
              exp,
              ...(light ? { light } : {}),
            }
          : undefined;
  if (!grant) return { ok: false, reason: 'invalid' };
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

const SECRET_KEY = 'download-link-secret';

/** The links' signing secret, shared by every instance on the database (made by the first link). */
export const downloadSigningSecret = (db: Db): Promise<Buffer> => storedSecret(db, SECRET_KEY);

/** The secret if a link was ever signed, for checking one: checking never writes. */
export const existingDownloadSigningSecret = (db: Db): Promise<Buffer | undefined> =>
  existingStoredSecret(db, SECRET_KEY);
