import { describe, expect, test, vi } from 'vitest';
import * as admin from '../../shared/contracts/endpoints/admin';
import * as delivery from '../../shared/contracts/endpoints/delivery';
import * as storefront from '../../shared/contracts/endpoints/storefront';
import { ApiError, createApiClient, urlOf } from './api';

const answer = (status: number, body: string) => new Response(body || null, { status });

describe('urlOf', () => {
  test('fills the path from the params, encoded, and leaves out an undefined query value', () => {
    expect(
      urlOf(delivery.downloadLink, {
        params: { orderId: 'a/b c', guideId: 'g' },
        query: { file: undefined },
      }),
    ).toBe('/api/download/a%2Fb%20c/g');
    expect(urlOf(storefront.listGuides, { query: { locale: 'en', q: 'dakar & co' } })).toBe(
      '/api/travel-guides?locale=en&q=dakar+%26+co',
    );
  });
});

describe('createApiClient', () => {
  test('calls the declared method and path, sends a JSON body and the hook headers, parses the answer', async () => {
    const fetchImpl = vi.fn(async () => answer(202, '{"message":"ok"}'));
    const api = createApiClient(fetchImpl, { headers: () => ({ 'x-admin-key': 'k' }) });
    const body = { orderNumber: 'GA-1', email: 'a@b.co' };
    await expect(api.call(delivery.resendLinks, { body })).resolves.toEqual({ message: 'ok' });
    expect(fetchImpl).toHaveBeenCalledWith('/api/orders/resend-links', {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { 'x-admin-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  });

  test("a refusal keeps the server's message, field and code, and the spec's error text", async () => {
    const refusal = { message: 'Invalid email', field: 'customer.email', code: 'invalid_field' };
    const api = createApiClient(async () => answer(400, JSON.stringify(refusal)));
    const error = await api
      .call(delivery.resendLinks, { body: { orderNumber: 'x', email: 'y' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`400: ${JSON.stringify(refusal)}`);
    expect([error.status, error.serverMessage, error.field, error.code]).toEqual([
      400,
      'Invalid email',
      'customer.email',
      'invalid_field',
    ]);
    const plain = new ApiError(502, 'Bad gateway', 'Bad Gateway');
    expect([plain.serverMessage, plain.field, plain.code]).toEqual(['Bad gateway', undefined, undefined]);
  });

  test('the error hook makes the error (the admin signs out on a 401)', async () => {
    const refused = vi.fn((status: number, text: string) => new Error(`admin ${status} ${text}`));
    const api = createApiClient(async () => answer(401, 'no'), { error: refused });
    await expect(api.call(admin.session)).rejects.toThrow('admin 401 no');
    expect(refused).toHaveBeenCalledOnce();
  });
});
