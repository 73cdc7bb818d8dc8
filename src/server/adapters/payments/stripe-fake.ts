import { createHmac, randomInt } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { FormEncodingError, type FormObject, type FormValue, parseStripeForm } from './form-encoding';

/**
 * A small Stripe stand-in for test mode (no keys configured) and for tests. It speaks the wire protocol
 * the official SDK uses — form-encoded bodies with bracket keys, Bearer auth, `Idempotency-Key`, JSON
 * errors `{ error: { type, message, code } }` with Stripe's status codes — so the shop's code path is the
 * one it runs against api.stripe.com. Its state is in memory on purpose: it plays an outside service.
 *
 * Covered: PaymentIntents create / retrieve / update / confirm, charges retrieve, refunds create /
 * retrieve / list (a refund succeeds at once and sends `refund.created` and `charge.refunded`), events list /
 * retrieve, and signed webhook delivery (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 over `${t}.${body}`) with retries.
 * Test payment methods: `pm_card_visa` (succeeds), `pm_card_chargeDeclined` (declined) and a few more
 * below; or a raw test card number in `payment_method_data[card][number]`: 4242424242424242 succeeds,
 * 4000000000000002 is declined.
 */

export const FAKE_API_VERSION = '2026-10-28.endive';

export interface StripeFakeOptions {
  /** The secret key callers must present as `Authorization: Bearer …`. */
  apiKey: string;
  /** Signs webhook deliveries; the shop verifies with the same secret. */
  webhookSecret: string;
  /** Where events are POSTed; undefined while nothing listens (the delivery is then retried). */
  webhookUrl: () => string | undefined;
  /** Delay before each retry of a failed delivery; the default spans about six minutes. */
  retryDelaysMs?: readonly number[];
  log?: (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => void;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The id of the object the event is about, e.g. the PaymentIntent. */
  objectId: string;
  attempt: number;
  ok: boolean;
  detail: string;
}

export interface StripeFake {
  readonly host: string;
  readonly port: number;
  /** Every delivery attempt so far, oldest first. */
  deliveries(): readonly WebhookDelivery[];
  close(): Promise<void>;
}

type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

interface CardDetails {
  brand: string;
  last4: string;
}

interface PaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  doc_url: string;
  charge?: string;
  payment_method: { id: string; object: 'payment_method'; type: 'card'; card: CardDetails };
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: null;
  cancellation_reason: null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  /** True once amount_refunded reaches amount: no further refund is possible. */
  refunded: boolean;
  status: 'succeeded';
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: 'succeeded';
}

interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: PaymentIntent | Charge | Refund };
  livemode: false;
  pending_webhooks: number;
  request: { id: string; idempotency_key: string | null };
  type: string;
}

interface ErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: PaymentIntent;
  payment_method?: PaymentError['payment_method'];
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

const invalidRequest = (message: string, extra: Partial<ErrorBody> = {}, status = 400) =>
  new FakeStripeError(status, { type: 'invalid_request_error', message, ...extra });

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const token = (length: number) =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
const now = () => Math.floor(Date.now() / 1000);

// Stripe's documented test PaymentMethods, and the card numbers behind them.
interface CardOutcome extends CardDetails {
  decline?: { code: string; decline_code?: string; message: string };
}
const GENERIC_DECLINE = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const TEST_PAYMENT_METHODS: Record<string, CardOutcome> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: GENERIC_DECLINE },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    decline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
};
const TEST_CARD_NUMBERS: Record<string, keyof typeof TEST_PAYMENT_METHODS> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
};

// ---- parameters, parsed with zod and reported the way Stripe words its errors ----

const integer = z
  .string()
  .regex(/^-?\d+$/, 'Invalid integer')
  .transform(Number);
const boolean = z.enum(['true', 'false']).transform((v) => v === 'true');
const metadata = z.union([
  z.literal('').transform(() => null),
  z
    .record(
      z.string().max(40, 'Metadata keys can have up to 40 characters'),
      z.string().max(500, 'Metadata values can have up to 500 characters'),
    )
    .refine((m) => Object.keys(m).length <= 50, 'Metadata can have up to 50 keys'),
]);
const paymentMethodData = z.object({
  type: z.literal('card'),
  card: z
    .object({ number: z.string(), exp_month: z.string(), exp_year: z.string(), cvc: z.string() })
    .partial()
    .optional(),
  billing_details: z.unknown().optional(),
});
const confirmFields = {
  payment_method: z.string().optional(),
  payment_method_data: paymentMethodData.optional(),
  payment_method_options: z.unknown().optional(),
  return_url: z.string().optional(),
  receipt_email: z.string().optional(),
  use_stripe_sdk: boolean.optional(),
  error_on_requires_action: boolean.optional(),
  expand: z.array(z.string()).optional(),
};
const createSchema = z.strictObject({
  amount: integer,
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'Invalid currency')
    .transform((c) => c.toLowerCase()),
  metadata: metadata.optional(),
  automatic_payment_methods: z
    .strictObject({ enabled: boolean, allow_redirects: z.enum(['always', 'never']).optional() })
    .optional(),
  payment_method_types: z.array(z.string()).optional(),
  description: z.string().max(1000).optional(),
  statement_descriptor_suffix: z.string().max(22).optional(),
  capture_method: z.literal('automatic').optional(),
  confirm: boolean.optional(),
  ...confirmFields,
});
const updateSchema = z.strictObject({
  amount: integer.optional(),
  currency: createSchema.shape.currency.optional(),
  metadata: metadata.optional(),
  description: z.string().max(1000).optional(),
  receipt_email: z.string().optional(),
  payment_method: z.string().optional(),
  expand: z.array(z.string()).optional(),
});
const confirmSchema = z.strictObject(confirmFields);
const retrieveSchema = z.strictObject({
  client_secret: z.string().optional(),
  expand: z.array(z.string()).optional(),
});
const createRefundSchema = z.strictObject({
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  amount: integer.optional(),
  metadata: metadata.optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  expand: z.array(z.string()).optional(),
});
const listRefundsSchema = z.strictObject({
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  limit: integer.optional(),
  starting_after: z.string().optional(),
});
const listSchema = z.strictObject({
  limit: integer.optional(),
  type: z.string().optional(),
  starting_after: z.string().optional(),
});

/** `['metadata', 'order']` → `metadata[order]`, the name Stripe puts in `param`. */
function paramName(path: PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  return `${head ?? ''}${rest.map((p) => `[${p}]`).join('')}`;
}

function valueAt(params: FormValue, path: PropertyKey[]): FormValue | undefined {
  let node: FormValue | undefined = params;
  for (const key of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[String(key)];
  }
  return node;
}

function parseParams<T extends z.ZodType>(schema: T, params: FormObject): z.output<T> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const param = paramName([...issue.path, issue.keys[0] ?? '']);
    throw invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
  }
  const param = paramName(issue.path);
  if (issue.code === 'invalid_type' && valueAt(params, issue.path) === undefined) {
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  }
  throw invalidRequest(`Invalid ${param}: ${issue.message}`, { code: 'parameter_invalid', param });
}

function applyMetadata(current: Record<string, string>, change: Record<string, string> | null | undefined) {
  if (change === undefined) return current;
  if (change === null) return {};
  const next = { ...current };
  // Stripe's rule: an empty value removes the key.
  for (const [key, value] of Object.entries(change)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

const MINIMUM_AMOUNT: Record<string, number> = { eur: 50, usd: 50, gbp: 30 };

function checkAmount(amount: number, currency: string) {
  const minimum = MINIMUM_AMOUNT[currency] ?? 50;
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${(minimum / 100).toFixed(2)} ${currency}`, {
      code: 'amount_too_small',
      param: 'amount',
    });
  }
  if (amount > 99_999_999) {
    throw invalidRequest('Amount must be no more than 999,999.99', {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
}

// ---- the server ----

interface Reply {
  status: number;
  body: unknown;
}

interface StoredResult extends Reply {
  fingerprint: string;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 60_000, 300_000];
const MAX_BODY_BYTES = 256 * 1024;

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds: Refund[] = [];
  const events: StripeEvent[] = [];
  const idempotent = new Map<string, StoredResult>();
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log = options.log ?? (() => {});

  const sign = (payload: string) => {
    const timestamp = now();
    const signature = createHmac('sha256', options.webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    return `t=${timestamp},v1=${signature}`;
  };

  /** One attempt: undefined when the endpoint answered 2xx, else why not. */
  const post = async (url: string, payload: string): Promise<string | undefined> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sign(payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
      });
      const text = await response.text();
      return response.ok ? undefined : `HTTP ${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  const deliver = (event: StripeEvent, attempt: number) => {
    if (closing.signal.aborted) return;
    const url = options.webhookUrl();
    // Stripe sends its events pretty-printed; a receiver that re-serialises the JSON breaks the signature.
    const payload = JSON.stringify(event, null, 2);
    const outcome = url ? post(url, payload) : Promise.resolve('no webhook endpoint is listening yet');
    void outcome.then((failure) => {
      if (closing.signal.aborted) return;
      deliveries.push({
        eventId: event.id,
        type: event.type,
        objectId: event.data.object.id,
        attempt,
        ok: !failure,
        detail: failure ?? 'delivered',
      });
      if (!failure) {
        event.pending_webhooks = 0;
        return;
      }
      const delay = retryDelays[attempt];
      if (delay === undefined) {
        log('warn', 'test-mode Stripe gave up delivering a webhook event', { eventId: event.id, failure });
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliver(event, attempt + 1);
      }, delay);
      timer.unref();
      timers.add(timer);
    });
  };

  const emit = (
    type: string,
    intent: PaymentIntent | Charge | Refund,
    request: { id: string; idempotencyKey: string | null },
  ) => {
    const event: StripeEvent = {
      id: `evt_${token(24)}`,
      object: 'event',
      api_version: FAKE_API_VERSION,
      created: now(),
      data: { object: structuredClone(intent) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    events.push(event);
    deliver(event, 0);
  };

  const findIntent = (id: string) => {
    const intent = intents.get(id);
    if (!intent) {
      throw invalidRequest(
        `No such payment_intent: '${id}'`,
        { code: 'resource_missing', param: 'intent' },
        404,
      );
    }
    return intent;
  };

  const resolveCard = (params: z.output<typeof confirmSchema>): CardOutcome & { id: string } => {
    if (params.payment_method) {
      const outcome = TEST_PAYMENT_METHODS[params.payment_method];
      if (!outcome) {
        throw invalidRequest(`No such PaymentMethod: '${params.payment_method}'`, {
          code: 'resource_missing',
          param: 'payment_method',
        });
      }
      return { ...outcome, id: `pm_${token(24)}` };
    }
    const number = params.payment_method_data?.card?.number?.replace(/[\s-]/g, '');
    if (number === undefined) {
      throw invalidRequest(
        'You cannot confirm this PaymentIntent because it has no payment method: pass payment_method or payment_method_data.',
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const known = TEST_CARD_NUMBERS[number];
    if (known) return { ...TEST_PAYMENT_METHODS[known]!, id: `pm_${token(24)}` };
    return {
      id: `pm_${token(24)}`,
      brand: 'unknown',
      last4: number.slice(-4).padStart(4, '0'),
      decline: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
    };
  };

  const confirm = (
    intent: PaymentIntent,
    params: z.output<typeof confirmSchema>,
    request: { id: string; idempotencyKey: string | null },
  ): Reply => {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        intent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : 'You cannot confirm this PaymentIntent because it has a status of canceled.',
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    const card = resolveCard(params);
    if (params.receipt_email !== undefined) intent.receipt_email = params.receipt_email;
    const charge = `ch_${token(24)}`;
    intent.latest_charge = charge;
    if (!card.decline) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.payment_method = card.id;
      intent.last_payment_error = null;
      charges.set(charge, {
        id: charge,
        object: 'charge',
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: 0,
        captured: true,
        created: now(),
        currency: intent.currency,
        livemode: false,
        metadata: { ...intent.metadata },
        paid: true,
        payment_intent: intent.id,
        refunded: false,
        status: 'succeeded',
      });
      emit('payment_intent.succeeded', intent, request);
      return { status: 200, body: intent };
    }
    const error: PaymentError = {
      type: 'card_error',
      code: card.decline.code,
      decline_code: card.decline.decline_code,
      message: card.decline.message,
      doc_url: `https://stripe.com/docs/error-codes/${card.decline.code.replace(/_/g, '-')}`,
      charge,
      payment_method: {
        id: card.id,
        object: 'payment_method',
        type: 'card',
        card: { brand: card.brand, last4: card.last4 },
      },
    };
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = error;
    emit('payment_intent.payment_failed', intent, request);
    return { status: 402, body: { error: { ...error, payment_intent: structuredClone(intent) } } };
  };

  const findCharge = (id: string, param: string) => {
    const charge = charges.get(id);
    if (!charge) throw invalidRequest(`No such charge: '${id}'`, { code: 'resource_missing', param }, 404);
    return charge;
  };

  /** The charge a refund is for: named, or the PaymentIntent's latest (a paid intent has exactly one). */
  const chargeToRefund = (params: z.output<typeof createRefundSchema>): Charge => {
    if (params.charge) return findCharge(params.charge, 'charge');
    if (!params.payment_intent) {
      throw invalidRequest(
        'One of the following params should be provided for this request: charge or payment_intent.',
        {
          code: 'parameter_missing',
        },
      );
    }
    const intent = findIntent(params.payment_intent);
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    return findCharge(intent.latest_charge, 'payment_intent');
  };

  const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

  // Stripe's rules: a fully refunded charge cannot be refunded again, and no refund exceeds what is left.
  const createRefund = (
    params: z.output<typeof createRefundSchema>,
    request: { id: string; idempotencyKey: string | null },
  ): Reply => {
    const charge = chargeToRefund(params);
    if (charge.refunded) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount ?? left;
    if (amount < 1) {
      throw invalidRequest('Invalid positive integer', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    }
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${euros(amount)}) is greater than unrefunded amount on charge (${euros(left)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund: Refund = {
      id: `re_${token(24)}`,
      object: 'refund',
      amount,
      balance_transaction: `txn_${token(24)}`,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: applyMetadata({}, params.metadata),
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      receipt_number: null,
      status: 'succeeded',
    };
    refunds.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('refund.created', refund, request);
    emit('charge.refunded', charge, request);
    return { status: 200, body: refund };
  };

  const listRefunds = (params: z.output<typeof listRefundsSchema>): Reply => {
    const newestFirst = [...refunds]
      .reverse()
      .filter(
        (r) =>
          (!params.payment_intent || r.payment_intent === params.payment_intent) &&
          (!params.charge || r.charge === params.charge),
      );
    return listPage('/v1/refunds', newestFirst, params);
  };

  type Handler = (
    params: FormObject,
    match: RegExpExecArray,
    request: { id: string; idempotencyKey: string | null },
  ) => Reply;
  const routes: Array<{ method: string; path: RegExp; handle: Handler }> = [
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      handle: (raw, _m, request) => {
        const params = parseParams(createSchema, raw);
        checkAmount(params.amount, params.currency);
        const id = `pi_${token(24)}`;
        const intent: PaymentIntent = {
          id,
          object: 'payment_intent',
          amount: params.amount,
          amount_capturable: 0,
          amount_received: 0,
          automatic_payment_methods: params.automatic_payment_methods ?? null,
          canceled_at: null,
          cancellation_reason: null,
          capture_method: 'automatic',
          client_secret: `${id}_secret_${token(25)}`,
          confirmation_method: 'automatic',
          created: now(),
          currency: params.currency,
          customer: null,
          description: params.description ?? null,
          last_payment_error: null,
          latest_charge: null,
          livemode: false,
          metadata: applyMetadata({}, params.metadata),
          next_action: null,
          payment_method: null,
          payment_method_types: params.payment_method_types ?? ['card'],
          receipt_email: params.receipt_email ?? null,
          status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        };
        intents.set(id, intent);
        emit('payment_intent.created', intent, request);
        if (params.confirm) return confirm(intent, params, request);
        return { status: 200, body: intent };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (raw, match) => {
        parseParams(retrieveSchema, raw);
        return { status: 200, body: findIntent(decodeURIComponent(match[1]!)) };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (raw, match) => {
        const params = parseParams(updateSchema, raw);
        const intent = findIntent(decodeURIComponent(match[1]!));
        if (
          !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)
        ) {
          throw invalidRequest(
            `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
            { code: 'payment_intent_unexpected_state' },
          );
        }
        const currency = params.currency ?? intent.currency;
        const amount = params.amount ?? intent.amount;
        checkAmount(amount, currency);
        Object.assign(intent, {
          amount,
          currency,
          metadata: applyMetadata(intent.metadata, params.metadata),
          description: params.description ?? intent.description,
          receipt_email: params.receipt_email ?? intent.receipt_email,
        });
        if (params.payment_method) {
          intent.payment_method = params.payment_method;
          intent.status = 'requires_confirmation';
        }
        return { status: 200, body: intent };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle: (raw, match, request) =>
        confirm(findIntent(decodeURIComponent(match[1]!)), parseParams(confirmSchema, raw), request),
    },
    {
      method: 'GET',
      path: /^\/v1\/charges\/([^/]+)$/,
      handle: (raw, match) => {
        parseParams(retrieveSchema, raw);
        return { status: 200, body: findCharge(decodeURIComponent(match[1]!), 'id') };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      handle: (raw, _m, request) => createRefund(parseParams(createRefundSchema, raw), request),
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds$/,
      handle: (raw) => listRefunds(parseParams(listRefundsSchema, raw)),
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds\/([^/]+)$/,
      handle: (raw, match) => {
        parseParams(retrieveSchema, raw);
        const id = decodeURIComponent(match[1]!);
        const refund = refunds.find((r) => r.id === id);
        if (!refund)
          throw invalidRequest(`No such refund: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);
        return { status: 200, body: refund };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/events$/,
      handle: (raw) => {
        const params = parseParams(listSchema, raw);
        const newestFirst = [...events].reverse().filter((e) => !params.type || e.type === params.type);
        return listPage('/v1/events', newestFirst, params);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/events\/([^/]+)$/,
      handle: (_raw, match) => {
        const id = decodeURIComponent(match[1]!);
        const event = events.find((e) => e.id === id);
        if (!event)
          throw invalidRequest(`No such event: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);
        return { status: 200, body: event };
      },
    },
  ];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          reject(invalidRequest('Request body too large', {}, 413));
          req.destroy();
        } else chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const respond = (res: ServerResponse, reply: Reply, headers: Record<string, string> = {}) => {
    const body = JSON.stringify(reply.body, null, 2);
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  };

  /** Card declines come back as a 402 reply rather than a throw, so they can be saved for replay. */
  const runSaved = (
    route: { handle: Handler; match: RegExpExecArray },
    params: FormObject,
    request: { id: string; idempotencyKey: string | null },
  ): Reply => {
    const reply = route.handle(params, route.match, request);
    return { status: reply.status, body: structuredClone(reply.body) };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = `req_${token(14)}`;
    const baseHeaders = {
      'request-id': requestId,
      'stripe-version': String(req.headers['stripe-version'] ?? FAKE_API_VERSION),
    };
    try {
      const auth = req.headers.authorization ?? '';
      const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
      if (key !== options.apiKey) {
        const shown = key
          ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
          : '';
        throw invalidRequest(
          key
            ? `Invalid API Key provided: ${shown}`
            : 'You did not provide an API key. Provide it in the Authorization header as a Bearer token.',
          {},
          401,
        );
      }
      const url = new URL(req.url ?? '/', 'http://stripe.invalid');
      const method = req.method ?? 'GET';
      const body = await readBody(req);
      let params: FormObject;
      try {
        params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
      } catch (error) {
        if (error instanceof FormEncodingError) throw invalidRequest(error.message);
        throw error;
      }
      let route: { handle: Handler; match: RegExpExecArray } | undefined;
      for (const r of routes) {
        const match = r.method === method ? r.path.exec(url.pathname) : null;
        if (match) {
          route = { handle: r.handle, match };
          break;
        }
      }
      if (!route) {
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}). This test-mode Stripe only knows PaymentIntents, charges, refunds and events.`,
          {},
          404,
        );
      }
      const idempotencyKey =
        method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const request = { id: requestId, idempotencyKey: idempotencyKey ?? null };
      if (idempotencyKey) {
        const fingerprint = `${method} ${url.pathname} ${canonical(params)}`;
        const stored = idempotent.get(idempotencyKey);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            throw new FakeStripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          return respond(res, stored, {
            ...baseHeaders,
            'idempotent-replayed': 'true',
            'original-request': requestId,
          });
        }
        // Like Stripe, only a request that ran (2xx, or a card decline) is saved; a refused one can be retried.
        const reply = runSaved(route, params, request);
        if (reply.status < 400 || reply.status === 402)
          idempotent.set(idempotencyKey, { ...reply, fingerprint });
        return respond(res, reply, { ...baseHeaders, 'idempotency-key': idempotencyKey });
      }
      return respond(res, runSaved(route, params, request), baseHeaders);
    } catch (error) {
      if (error instanceof FakeStripeError) {
        return respond(res, { status: error.status, body: { error: error.body } }, baseHeaders);
      }
      log('warn', 'test-mode Stripe failed on a request', { err: error });
      return respond(
        res,
        { status: 500, body: { error: { type: 'api_error', message: 'An unexpected error occurred.' } } },
        baseHeaders,
      );
    }
  };

  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // It must never be the reason the process stays up.
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    deliveries: () => deliveries,
    close: async () => {
      closing.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** One page of a Stripe list, newest first: `limit` (1–100, 10 by default) after `starting_after`. */
function listPage<T extends { id: string }>(
  url: string,
  newestFirst: T[],
  params: { limit?: number; starting_after?: string },
): Reply {
  let list = newestFirst;
  if (params.starting_after) {
    const index = list.findIndex((item) => item.id === params.starting_after);
    list = index === -1 ? [] : list.slice(index + 1);
  }
  const limit = Math.min(Math.max(params.limit ?? 10, 1), 100);
  return {
    status: 200,
    body: { object: 'list', url, has_more: list.length > limit, data: list.slice(0, limit) },
  };
}

/** Parameters in a stable order, so a replay with the same values in another order still matches. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
    .join(',')}}`;
}
