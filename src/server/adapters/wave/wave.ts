import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WaveSettings } from './wave-settings';

/**
 * Wave's Checkout API, as its public documentation describes it (docs.wave.com/checkout and
 * docs.wave.com/webhook):
 *
 * - Every request carries `Authorization: Bearer <api key>`; a POST may carry `Idempotency-Key`.
 * - POST /v1/checkout/sessions, JSON: amount (a string: XOF has no decimals), currency "XOF",
 *   success_url, error_url, client_reference (ours, up to 255 characters). Answers the session.
 * - GET /v1/checkout/sessions/{id}: the session: id, amount, currency, checkout_status (open,
 *   complete, expired), payment_status (processing, cancelled, succeeded), client_reference,
 *   wave_launch_url, transaction_id, when_created, when_expires, when_completed, last_payment_error.
 * - GET /v1/checkout/sessions/search?client_reference=…: { result: [sessions] }.
 * - POST /v1/checkout/sessions/{id}/refund: refunds the whole payment; an error is { code, message }.
 * - Webhooks: a JSON event { id, type, data: session } POSTed with the header
 *   `Wave-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, each v1 being
 *   HMAC-SHA256(signing secret, t + raw body) in hex (several while a secret is being replaced).
 */

export type WaveCheckoutStatus = 'open' | 'complete' | 'expired';
export type WavePaymentStatus = 'processing' | 'cancelled' | 'succeeded';

export interface WaveSession {
  id: string;
  amount: string;
  currency: string;
  checkoutStatus: string;
  paymentStatus: string;
  clientReference: string | null;
  launchUrl: string;
  transactionId: string | null;
  whenCreated: string | null;
  whenExpires: string | null;
  lastPaymentError: { code: string; message: string } | null;
}

export interface CreateWaveSession {
  /** Whole XOF. */
  amountXof: number;
  clientReference: string;
  successUrl: string;
  errorUrl: string;
  idempotencyKey: string;
}

/** Wave said no (a refused refund, an expired session…): its code and its message, for the operator. */
export class WaveRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly status: number,
  ) {
    super(`${code}: ${reason}`);
  }
}
/** Wave could not be reached, or answered a 5xx or nonsense: asking again later may work. */
export class WaveUnavailableError extends Error {}

export interface WaveClient {
  createSession(input: CreateWaveSession): Promise<WaveSession>;
  getSession(id: string): Promise<WaveSession>;
  searchSessions(clientReference: string): Promise<WaveSession[]>;
  refundSession(id: string, idempotencyKey: string): Promise<void>;
  /** The event a webhook carries, when its signature is Wave's and at most `toleranceSeconds` old. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, nowMs?: number): WaveEvent | undefined;
}

export interface WaveEvent {
  id: string;
  type: string;
  sessionId: string | undefined;
}

/** Webhooks older than this (or this far in the future) are refused: a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The documented signature: HMAC-SHA256 (hex) with the signing secret over the timestamp and the raw body. */
export function waveSignature(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(String(timestamp), 'utf8'), Buffer.from(rawBody)]))
    .digest('hex');
}

/** The header's timestamp and its v1 signatures; undefined when it is not of the documented form. */
export function parseWaveSignature(header: string | undefined) {
  if (!header || header.length > 2000) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

export function sessionOf(value: unknown): WaveSession | undefined {
  const data = asRecord(value);
  const id = asString(data.id);
  if (!id) return undefined;
  const error = asRecord(data.last_payment_error);
  return {
    id,
    amount: asString(data.amount) ?? '',
    currency: asString(data.currency) ?? '',
    checkoutStatus: asString(data.checkout_status) ?? '',
    paymentStatus: asString(data.payment_status) ?? '',
    clientReference: asString(data.client_reference) ?? null,
    launchUrl: asString(data.wave_launch_url) ?? '',
    transactionId: asString(data.transaction_id) ?? null,
    whenCreated: asString(data.when_created) ?? null,
    whenExpires: asString(data.when_expires) ?? null,
    lastPaymentError: asString(error.code)
      ? { code: asString(error.code)!, message: asString(error.message) ?? '' }
      : null,
  };
}

type WaveOptions = { timeoutMs?: number; fetch?: typeof fetch };

/** The event a webhook carries, when Wave-Signature is genuine for `secret` and fresh; undefined otherwise. */
export function verifyWaveWebhook(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowMs: number,
): WaveEvent | undefined {
  const parsed = parseWaveSignature(header);
  if (!parsed) return undefined;
  if (Math.abs(nowMs / 1000 - parsed.timestamp) > WEBHOOK_TOLERANCE_SECONDS) return undefined;
  const expected = Buffer.from(waveSignature(secret, parsed.timestamp, rawBody), 'utf8');
  const genuine = parsed.signatures.some((given) => {
    const bytes = Buffer.from(given, 'utf8');
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  });
  if (!genuine) return undefined;
  let event: Record<string, unknown>;
  try {
    event = asRecord(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return undefined;
  }
  return {
    id: asString(event.id) ?? '',
    type: asString(event.type) ?? '',
    sessionId: asString(asRecord(event.data).id),
  };
}

/** One call to Wave's API: a 5xx, no answer or no JSON is WaveUnavailableError, a 4xx WaveRefusedError. */
function waveCaller(settings: WaveSettings, options: WaveOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new WaveUnavailableError(
        `Wave could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    let answer: unknown = {};
    if (text.trim()) {
      try {
        answer = JSON.parse(text);
      } catch {
        throw new WaveUnavailableError(`Wave answered ${response.status} without JSON`);
      }
    }
    if (response.status >= 500) throw new WaveUnavailableError(`Wave answered ${response.status}`);
    if (response.status >= 400) {
      const error = asRecord(answer);
      throw new WaveRefusedError(
        asString(error.code) ?? `http-${response.status}`,
        (asString(error.message) ?? '').slice(0, 300),
        response.status,
      );
    }
    return answer;
  };
}

export function createWaveClient(settings: WaveSettings, options: WaveOptions = {}): WaveClient {
  const call = waveCaller(settings, options);

  const session = (value: unknown): WaveSession => {
    const parsed = sessionOf(value);
    if (!parsed) throw new WaveUnavailableError('Wave answered a session without an id');
    return parsed;
  };
  const sessionPath = (id: string) => `/v1/checkout/sessions/${encodeURIComponent(id)}`;

  return {
    async createSession(input) {
      return session(
        await call(
          'POST',
          '/v1/checkout/sessions',
          {
            amount: String(input.amountXof),
            currency: 'XOF',
            client_reference: input.clientReference,
            success_url: input.successUrl,
            error_url: input.errorUrl,
          },
          input.idempotencyKey,
        ),
      );
    },
    getSession: async (id) => session(await call('GET', sessionPath(id))),
    async searchSessions(clientReference) {
      const answer = asRecord(
        await call(
          'GET',
          `/v1/checkout/sessions/search?client_reference=${encodeURIComponent(clientReference)}`,
        ),
      );
      const list = Array.isArray(answer.result) ? answer.result : [];
      return list.flatMap((item) => sessionOf(item) ?? []);
    },
    async refundSession(id, idempotencyKey) {
      await call('POST', `${sessionPath(id)}/refund`, {}, idempotencyKey);
    },
    verifyWebhook: (rawBody, header, nowMs = Date.now()) =>
      verifyWaveWebhook(settings.signingSecret, rawBody, header, nowMs),
  };
}
