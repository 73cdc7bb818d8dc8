import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { registerErrorHandling } from '../http/errors';
import { conflict, invalid, notFound, tooMany, unavailable } from './errors';

test('the edge answers each kind of refusal with its status, the message, the field and the code', async () => {
  const app = Fastify();
  registerErrorHandling(app);
  const refusals = {
    invalid: invalid('Enter a valid email address', { field: 'email', code: 'invalid_email' }),
    missing: notFound('Order not found'),
    taken: conflict('This order already has 5 receipts', { code: 'receipt_limit' }),
    slow: tooMany('Too many orders from this address', 60),
    down: unavailable('Try again in a minute', 30),
  };
  for (const [name, error] of Object.entries(refusals)) {
    app.get(`/${name}`, async () => {
      throw error;
    });
  }
  const answer = async (name: string) => {
    const res = await app.inject({ url: `/${name}` });
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
  };
  expect(await answer('invalid')).toEqual({
    status: 400,
    body: { message: 'Enter a valid email address', field: 'email', code: 'invalid_email' },
    retryAfter: undefined,
  });
  expect(await answer('missing')).toMatchObject({ status: 404, body: { message: 'Order not found' } });
  expect(await answer('taken')).toMatchObject({ status: 409, body: { code: 'receipt_limit' } });
  expect(await answer('slow')).toMatchObject({ status: 429, retryAfter: '60' });
  expect(await answer('down')).toMatchObject({ status: 503, retryAfter: '30' });
  await app.close();
});
