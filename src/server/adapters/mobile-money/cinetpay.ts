import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CinetPaySettings } from './cinetpay-settings';
import {
  type CheckedPayment,
  type InitialisedPayment,
  type InitialisePaymentInput,
  type MobileMoneyProvider,
  type ProviderPaymentOutcome,
  ProviderRefusedError,
  ProviderUnavailableError,
} from './provider';

/**
 * CinetPay's payment API (v2), as its public documentation describes it:
 *
 * - Initialisation — https://docs.cinetpay.com/api/1.0-en/checkout/initialisation
 *   POST {api}/v2/payment, JSON: apikey, site_id, transaction_id (unique), amount (an integer,
 *   "must be a multiple of 5"), currency (XOF…), description (no # / $ _ &), notify_url, return_url,
 *   channels (ALL, MOBILE_MONEY, CREDIT_CARD, WALLET), lang, metadata, customer_* (optional).
 *   Success: code "201" ("CREATED") with data.payment_token and data.payment_url.
 * - Check — https://docs.cinetpay.com/api/1.0-en/checkout/verification
 *   POST {api}/v2/payment/check, JSON: apikey, site_id, transaction_id. Success: code "00" with
 *   data.amount, data.currency, data.status ("ACCEPTED"), data.payment_method…
 * - Notification — https://docs.cinetpay.com/api/1.0-en/checkout/notification
 *   A form POST to notify_url (a GET only pings it); the merchant answers HTTP 200 and must check the
 *   transaction before validating anything.
 * - X-TOKEN — https://docs.cinetpay.com/api/1.0-en/checkout/hmac
 *   The x-token header is hash_hmac('SHA256', data, secret key), data being the concatenation of the
 *   form fields in NOTIFICATION_TOKEN_FIELDS' order, compared with hash_equals.
 *
 * Not found in the documentation we could read: the full table of error codes. Statuses other than
 * ACCEPTED and REFUSED (PENDING, WAITING_…) and unknown answers are taken as "still waiting", which
 * never completes an order; the poller hands such orders to the operator after 24 hours.
 */

export const CINETPAY_DEFAULT_API_URL = 'https://api-checkout.cinetpay.com';

/** The x-token's fields, in the documented order (docs.cinetpay.com …/checkout/hmac). */
export const NOTIFICATION_TOKEN_FIELDS = [
  'cpm_site_id',
  'cpm_trans_id',
  'cpm_trans_date',
  'cpm_amount',
  'cpm_currency',
  'signature',
  'payment_method',
  'cel_phone_num',
  'cpm_phone_prefixe',
  'cpm_language',
  'cpm_version',
  'cpm_payment_config',
  'cpm_page_action',
  'cpm_custom',
  'cpm_designation',
  'cpm_error_message',
] as const;

/** The documented x-token: HMAC-SHA256 (hex) with the secret key over the fields, absent ones empty. */
export function cinetpayNotificationToken(
  fields: Record<string, string | undefined>,
  secretKey: string,
): string {
  const data = NOTIFICATION_TOKEN_FIELDS.map((name) => fields[name] ?? '').join('');
  return createHmac('sha256', secretKey).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of a received x-token with the one we compute. */
export function isValidNotificationToken(
  received: string | undefined,
  fields: Record<string, string | undefined>,
  secretKey: string,
): boolean {
  if (!received) return false;
  const expected = Buffer.from(cinetpayNotificationToken(fields, secretKey), 'utf8');
  const given = Buffer.from(received.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** CinetPay's documented minimum for an XOF payment (cinetpay.com/developer/api/paiement: "minimum amount being 100 FCFA"). */
export const CINETPAY_MIN_XOF = 100;

/**
 * Euro cents to the XOF amount CinetPay accepts: 655.957 XOF per euro (the fixed peg), rounded UP
 * to a multiple of 5 ("The amount of the transaction must be a multiple of 5", docs …/initialisation),
 * so the shop never receives less than the euro price. Integer arithmetic: cents × 655957 / 100000 XOF.
 */
export function cinetpayAmountXof(totalCents: number): number {
  if (!Number.isInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Bad amount: ${totalCents} cents`);
  return Math.ceil((totalCents * 655_957) / 500_000) * 5;
}

/** description: "do not put special characters in the parameter value (#,/,$,_,&)" (docs …/initialisation). */
export function cinetpayDescription(text: string): string {
  return text
    .replace(/[#/$_&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** What a status word means for the shop. Only ACCEPTED pays; REFUSED (and cancellations) fail. */
export function outcomeOfStatus(status: string | undefined): ProviderPaymentOutcome {
  const s = (status ?? '').toUpperCase();
  if (s === 'ACCEPTED') return 'paid';
  if (s === 'REFUSED' || s === 'CANCELED' || s === 'CANCELLED') return 'failed';
  return 'waiting';
}

interface CinetPayAnswer {
  code?: unknown;
  message?: unknown;
  description?: unknown;
  data?: unknown;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

type CinetPayOptions = { timeoutMs?: number; fetch?: typeof fetch };

/** POSTs JSON to CinetPay's API; no answer, no JSON or a 5xx is "unavailable", anything else is read by the caller. */
function cinetpayPoster(config: CinetPaySettings, options: CinetPayOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = config.apiUrl.replace(/\/$/, '');

  return async function post(
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; answer: CinetPayAnswer }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(
        `CinetPay could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    let answer: CinetPayAnswer;
    try {
      answer = asRecord(JSON.parse(text));
    } catch {
      throw new ProviderUnavailableError(`CinetPay answered ${response.status} without JSON`);
    }
    if (response.status >= 500) {
      throw new ProviderUnavailableError(
        `CinetPay answered ${response.status}: ${asString(answer.message) ?? ''}`,
      );
    }
    return { status: response.status, answer };
  };
}

/** What a check's answer says of the payment. */
function checkedPaymentOf(answer: CinetPayAnswer): CheckedPayment {
  const data = asRecord(answer.data);
  const status = asString(data.status);
  const amount = Number(asString(data.amount));
  // Only a "00" answer carries a final, successful status; anything else cannot mean paid.
  const outcome = outcomeOfStatus(status);
  return {
    outcome: outcome === 'paid' && asString(answer.code) !== '00' ? 'waiting' : outcome,
    providerStatus: (status ?? asString(answer.message) ?? 'UNKNOWN').slice(0, 60),
    amount: Number.isFinite(amount) && asString(data.amount) !== undefined ? amount : undefined,
    currency: asString(data.currency),
    paymentMethod: asString(data.payment_method),
  };
}

export function createCinetPayProvider(
  config: CinetPaySettings,
  options: CinetPayOptions = {},
): MobileMoneyProvider {
  const post = cinetpayPoster(config, options);

  return {
    name: 'cinetpay',

    async initialisePayment(input: InitialisePaymentInput): Promise<InitialisedPayment> {
      if (input.amountXof % 5 !== 0 || input.amountXof < CINETPAY_MIN_XOF) {
        throw new ProviderRefusedError(
          `amount: ${input.amountXof} XOF is not a multiple of 5 of at least 100`,
        );
      }
      const { answer } = await post('/v2/payment', {
        apikey: config.apiKey,
        site_id: config.siteId,
        transaction_id: input.transactionId,
        amount: input.amountXof,
        currency: 'XOF',
        description: cinetpayDescription(input.description),
        notify_url: input.notifyUrl,
        return_url: input.returnUrl,
        channels: 'MOBILE_MONEY',
        lang: input.locale,
        metadata: input.metadata,
        customer_name: input.customer.firstName,
        customer_surname: input.customer.lastName,
        customer_email: input.customer.email,
      });
      const data = asRecord(answer.data);
      const paymentUrl = asString(data.payment_url);
      const paymentToken = asString(data.payment_token);
      if (asString(answer.code) === '201' && paymentUrl && paymentToken) return { paymentUrl, paymentToken };
      throw new ProviderRefusedError(
        `CinetPay refused the payment: ${asString(answer.code) ?? '?'} ${asString(answer.message) ?? ''} ${
          asString(answer.description) ?? ''
        }`.trim(),
      );
    },

    async checkPayment(transactionId: string): Promise<CheckedPayment> {
      const { answer } = await post('/v2/payment/check', {
        apikey: config.apiKey,
        site_id: config.siteId,
        transaction_id: transactionId,
      });
      return checkedPaymentOf(answer);
    },

    verifyNotification(headers, fields) {
      const header = headers['x-token'];
      const received = Array.isArray(header) ? header[0] : header;
      if (!isValidNotificationToken(received, fields, config.secretKey)) return undefined;
      // A genuine token for another of the merchant's sites is not ours either.
      if (fields.cpm_site_id !== config.siteId) return undefined;
      const transactionId = fields.cpm_trans_id;
      return transactionId && transactionId.length <= 100 ? transactionId : undefined;
    },
  };
}
