import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type StripeFake, startStripeFake } from './stripe-fake';

// The official SDK against the fake over HTTP: what the shop runs in test mode.

interface Received {
  body: string;
  signature: string;
}

let fake: StripeFake;
let stripe: Stripe;
let endpoint: http.Server;
const received: Received[] = [];
const apiKey = `sk_test_${randomBytes(8).toString('hex')}`;
const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;

beforeAll(async () => {
  endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      // An intent with metadata[fail_times]=N has each of its events refused N times, then accepted.
      const event = JSON.parse(body) as {
        id: string;
        data: { object: { metadata?: Record<string, string> } };
      };
      const failTimes = Number(event.data.object.metadata?.fail_times ?? 0);
      const seen = received.filter((r) => r.body.includes(`"id": "${event.id}"`)).length;
      res.writeHead(seen <= failTimes ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const { port } = endpoint.address() as AddressInfo;
  fake = await startStripeFake({
    apiKey,
    webhookSecret,
    webhookUrl: () => `http://127.0.0.1:${port}/hook`,
    retryDelaysMs: [20, 40, 80],
  });
  stripe = new Stripe(apiKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => endpoint.close(resolve));
});

const eventsFor = (intentId: string, type: string) =>
  received
    .map((r) => ({
      ...r,
      event: JSON.parse(r.body) as { id: string; type: string; data: { object: { id: string } } },
    }))
    .filter((r) => r.event.type === type && r.event.data.object.id === intentId);

describe('PaymentIntents', () => {
  test('create returns an intent with a client secret of the form <id>_secret_<random>, and retrieve finds it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1800,
      currency: 'EUR',
      metadata: { email: 'awa@example.com', note: 'a & b = [c]' },
      automatic_payment_methods: { enabled: true },
    });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
    expect(intent).toMatchObject({ object: 'payment_intent', amount: 1800, currency: 'eur' });
    expect(intent.status).toBe('requires_payment_method');
    const again = await stripe.paymentIntents.retrieve(intent.id);
    expect(again.metadata).toEqual({ email: 'awa@example.com', note: 'a & b = [c]' });
  });

  test('the same Idempotency-Key with the same parameters gives back the same intent; other parameters are refused', async () => {
    const key = `key-${randomBytes(4).toString('hex')}`;
    const params = { amount: 900, currency: 'eur', metadata: { a: '1', b: '2' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    const second = await stripe.paymentIntents.create(
      { currency: 'eur', metadata: { b: '2', a: '1' }, amount: 900 },
      { idempotencyKey: key },
    );
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const refused = await stripe.paymentIntents
      .create({ ...params, amount: 1000 }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  test('errors come back as Stripe error bodies with Stripe status codes', async () => {
    const missing = await stripe.paymentIntents.retrieve('pi_doesnotexist').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const small = await stripe.paymentIntents
      .create({ amount: 20, currency: 'eur' })
      .catch((e: unknown) => e);
    expect(small).toMatchObject({ statusCode: 400, code: 'amount_too_small', param: 'amount' });

    const unknownParam = await stripe
      .rawRequest('POST', '/v1/payment_intents', {
        amount: 900,
        currency: 'eur',
        colour: 'blue',
      })
      .catch((e: unknown) => e);
    expect(unknownParam).toMatchObject({ statusCode: 400, message: 'Received unknown parameter: colour' });

    const noAmount = await stripe
      .rawRequest('POST', '/v1/payment_intents', { currency: 'eur' })
      .catch((e: unknown) => e);
    expect(noAmount).toMatchObject({ code: 'parameter_missing', param: 'amount' });

    const badKey = new Stripe('sk_test_wrong', { host: fake.host, port: fake.port, protocol: 'http' });
    const unauthorised = await badKey.paymentIntents.retrieve('pi_x').catch((e: unknown) => e);
    expect(unauthorised).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  test('update changes the amount and merges metadata; an empty value removes a key', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      metadata: { a: '1', b: '2' },
    });
    const updated = await stripe.paymentIntents.update(intent.id, {
      amount: 1200,
      metadata: { a: '', c: '3' },
    });
    expect(updated.amount).toBe(1200);
    expect(updated.metadata).toEqual({ b: '2', c: '3' });
  });
});

describe('confirm and webhooks', () => {
  test('pm_card_visa succeeds and a payment_intent.succeeded event arrives, signed like Stripe signs it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      metadata: { shop: 'x' },
    });
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
    expect(paid.amount_received).toBe(900);

    await vi.waitFor(() => expect(eventsFor(intent.id, 'payment_intent.succeeded')).toHaveLength(1));
    const [delivery] = eventsFor(intent.id, 'payment_intent.succeeded');
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, webhookSecret, 300);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(event).toMatchObject({ object: 'event', livemode: false, data: { object: { id: intent.id } } });
    // Pretty-printed, as Stripe sends it.
    expect(delivery!.body).toContain('\n  "id": "evt_');

    const again = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa' })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  test('pm_card_chargeDeclined is a 402 card error; the intent waits for another payment method', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    const declined = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    await vi.waitFor(() => expect(eventsFor(intent.id, 'payment_intent.payment_failed')).toHaveLength(1));
  });

  test('raw test card numbers in payment_method_data[card][number]: 4242… pays, 4000…0002 is declined', async () => {
    const confirmWith = async (number: string) => {
      const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
      return stripe
        .rawRequest('POST', `/v1/payment_intents/${intent.id}/confirm`, {
          payment_method_data: { type: 'card', card: { number } },
        })
        .then((r: { status: string }) => r.status)
        .catch((e: { code?: string }) => e.code);
    };
    expect(await confirmWith('4242 4242 4242 4242')).toBe('succeeded');
    expect(await confirmWith('4000000000000002')).toBe('card_declined');
    expect(await confirmWith('1234123412341234')).toBe('incorrect_number');
  });

  test('a delivery answered with a non-2xx status is retried with backoff until it is accepted', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      metadata: { fail_times: '2' },
    });
    await vi.waitFor(() => expect(eventsFor(intent.id, 'payment_intent.created')).toHaveLength(3));
    const bodies = eventsFor(intent.id, 'payment_intent.created').map((r) => r.event.id);
    // The same event each time, signed afresh.
    expect(new Set(bodies).size).toBe(1);
    await vi.waitFor(() => {
      const attempts = fake.deliveries().filter((d) => d.eventId === bodies[0]);
      expect(attempts.map((d) => [d.attempt, d.ok])).toEqual([
        [0, false],
        [1, false],
        [2, true],
      ]);
    });
  });

  test('events can be listed, newest first', async () => {
    const list = await stripe.events.list({ limit: 2 });
    expect(list.data).toHaveLength(2);
    expect(list.has_more).toBe(true);
    expect(list.data[0]!.created).toBeGreaterThanOrEqual(list.data[1]!.created);
  });
});

describe('refunds', () => {
  /** A paid intent of `amount` cents. */
  const paidIntent = async (amount: number) => {
    const intent = await stripe.paymentIntents.create({ amount, currency: 'eur' });
    return stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  };

  test('a partial refund by payment_intent, then the rest: the charge counts them and says when it is refunded', async () => {
    const paid = await paidIntent(1200);
    const first = await stripe.refunds.create({
      payment_intent: paid.id,
      amount: 500,
      metadata: { order: 'GA-1' },
    });
    expect(first).toMatchObject({
      object: 'refund',
      amount: 500,
      currency: 'eur',
      payment_intent: paid.id,
      charge: paid.latest_charge,
      status: 'succeeded',
      metadata: { order: 'GA-1' },
    });
    expect(first.id).toMatch(/^re_/);
    expect(await stripe.refunds.retrieve(first.id)).toMatchObject({ id: first.id, amount: 500 });
    let charge = await stripe.charges.retrieve(String(paid.latest_charge));
    expect(charge).toMatchObject({ amount: 1200, amount_refunded: 500, refunded: false });

    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(700);
    charge = await stripe.charges.retrieve(charge.id);
    expect(charge).toMatchObject({ amount_refunded: 1200, refunded: true });
    const listed = await stripe.refunds.list({ payment_intent: paid.id });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, first.id]);
  });

  test('more than is left is invalid_request_error on param amount; a refunded charge is charge_already_refunded', async () => {
    const paid = await paidIntent(900);
    const tooMuch = await stripe.refunds
      .create({ payment_intent: paid.id, amount: 901 })
      .catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ type: 'StripeInvalidRequestError', param: 'amount', statusCode: 400 });
    expect((tooMuch as Error).message).toBe(
      'Refund amount (€9.01) is greater than unrefunded amount on charge (€9.00)',
    );
    await stripe.refunds.create({ payment_intent: paid.id });
    const again = await stripe.refunds.create({ payment_intent: paid.id }).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'charge_already_refunded', statusCode: 400 });
    expect((again as Error).message).toBe(`Charge ${paid.latest_charge} has already been refunded.`);
  });

  test('an unpaid intent or an unknown refund is refused as Stripe refuses it', async () => {
    const unpaid = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    await expect(stripe.refunds.create({ payment_intent: unpaid.id })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    });
    await expect(stripe.refunds.retrieve('re_nope')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  test('the same Idempotency-Key refunds once and replays; other parameters with it are an idempotency_error', async () => {
    const paid = await paidIntent(1000);
    const key = `refund-${randomBytes(6).toString('hex')}`;
    const first = await stripe.refunds.create(
      { payment_intent: paid.id, amount: 300 },
      { idempotencyKey: key },
    );
    const replay = await stripe.refunds.create(
      { payment_intent: paid.id, amount: 300 },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.charges.retrieve(String(paid.latest_charge))).amount_refunded).toBe(300);
    await expect(
      stripe.refunds.create({ payment_intent: paid.id, amount: 400 }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  test('a refund sends signed refund.created and charge.refunded events', async () => {
    const paid = await paidIntent(800);
    const made = await stripe.refunds.create({ payment_intent: paid.id, amount: 200 });
    await vi.waitFor(() => {
      expect(eventsFor(made.id, 'refund.created')).toHaveLength(1);
      expect(eventsFor(String(paid.latest_charge), 'charge.refunded')).toHaveLength(1);
    });
    const delivery = eventsFor(String(paid.latest_charge), 'charge.refunded')[0]!;
    const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, webhookSecret, 300);
    expect(event.data.object).toMatchObject({
      object: 'charge',
      payment_intent: paid.id,
      amount_refunded: 200,
      refunded: false,
    });
  });
});
