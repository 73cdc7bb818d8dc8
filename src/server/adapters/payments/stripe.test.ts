import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../settings';
import { InvalidWebhookError } from './card-gateway';
import { createPaymentGateway, loopbackUrl } from './stripe';

// A silent logger of the type the app passes.
const log = Fastify({ logger: false }).log;
const noWebhook = { webhookUrl: () => undefined, log };

describe('createPaymentGateway', () => {
  test('real keys without the webhook and publishable keys stop the start, naming the variables', async () => {
    const error = await createPaymentGateway({ secretKey: 'sk_live_x' }, noWebhook).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    expect((error as Error).message).toMatch(/STRIPE_PUBLISHABLE_KEY: required/);
  });

  test('real keys make a live gateway with no fake', async () => {
    const gateway = await createPaymentGateway(
      { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' },
      noWebhook,
    );
    expect(gateway).toMatchObject({ testMode: false, publishableKey: 'pk_test_x', fake: undefined });
    await gateway.close();
  });

  test('without keys: test mode, through the SDK to the fake, and webhooks verified with the shared secret', async () => {
    const secret = 'whsec_shared_for_this_test';
    const gateway = await createPaymentGateway({ webhookSecret: secret }, noWebhook);
    try {
      expect(gateway).toMatchObject({ testMode: true, publishableKey: null });
      const intent = await gateway.createPaymentIntent({
        amount: 900,
        currency: 'eur',
        metadata: { a: 'b' },
        description: 'test',
        idempotencyKey: 'k-1',
      });
      expect(await gateway.retrievePaymentIntent(intent.id)).toEqual(intent);
      expect(await gateway.retrievePaymentIntent('pi_unknown00000000')).toBeUndefined();
      expect((await gateway.confirmTestPayment(intent.id, '4242 4242 4242 4242')).status).toBe('succeeded');

      const payload = JSON.stringify({
        id: 'evt_1',
        type: 'x',
        data: { object: { id: 'pi_1', object: 'payment_intent' } },
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      expect(await gateway.constructWebhookEvent(Buffer.from(payload), header)).toEqual({
        id: 'evt_1',
        type: 'x',
        object: { id: 'pi_1', object: 'payment_intent', metadata: {} },
      });
      await expect(gateway.constructWebhookEvent(Buffer.from(payload), undefined)).rejects.toThrow(
        InvalidWebhookError,
      );
      const notAnEvent = '{"hello":1}';
      await expect(
        gateway.constructWebhookEvent(
          Buffer.from(notAnEvent),
          Stripe.webhooks.generateTestHeaderString({ payload: notAnEvent, secret }),
        ),
      ).rejects.toThrow('The webhook body is not a Stripe event');
    } finally {
      await gateway.close();
    }
  });
});

describe('loopbackUrl', () => {
  test('is undefined before the server listens, and a 127.0.0.1 URL after, whatever interface it listens on', async () => {
    const server = http.createServer();
    expect(loopbackUrl(server, '/hook')).toBeUndefined();
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    const { port } = server.address() as AddressInfo;
    expect(loopbackUrl(server, '/hook')).toBe(`http://127.0.0.1:${port}/hook`);
    await new Promise((resolve) => server.close(resolve));
  });
});
