import { describe, expect, test } from 'vitest';
import { ApiError } from './api';
import { dehydrateQueries, hashKey, QueryClient, queryOptions } from './query-client';

const counted = <T>(queryKey: unknown[], answer: () => Promise<T>) => {
  const calls = { count: 0 };
  const options = queryOptions({
    queryKey,
    queryFn: () => {
      calls.count += 1;
      return answer();
    },
  });
  return { options, calls };
};

describe('the storefront query cache', () => {
  test('removing a prefix forgets its answers, tells who shows them, and leaves the other keys', async () => {
    const client = new QueryClient({ staleTime: 30_000 });
    const orders = counted(['admin', '/api/admin/orders'], async () => ['order']);
    const guides = counted(['guides', 'fr'], async () => ['guide']);
    await client.fetchQuery(orders.options);
    await client.fetchQuery(guides.options);
    let told = 0;
    client.subscribe(
      orders.options.queryKey,
      () => told++,
      () => orders.options,
    );
    client.removeQueries({ queryKey: ['admin'] });
    expect(told).toBe(1);
    expect(client.stateOf(orders.options.queryKey).data).toBeUndefined();
    expect(client.stateOf(orders.options.queryKey).status).toBe('pending');
    expect(client.stateOf(guides.options.queryKey).data).toEqual(['guide']);
    await client.fetchQuery(orders.options);
    expect(orders.calls.count).toBe(2);
  });

  test('a key is the same whatever the order of its object properties', () => {
    expect(hashKey(['g', { a: 1, b: 2 }])).toBe(hashKey(['g', { b: 2, a: 1 }]));
    expect(hashKey(['g', { a: 1 }])).not.toBe(hashKey(['g', { a: 2 }]));
  });

  test('two asks at once for one key make one request, and a fresh answer is not asked again', async () => {
    const client = new QueryClient({ staleTime: 30_000 });
    const { options, calls } = counted(['guides', 'fr'], async () => ['a']);
    const [one, two] = await Promise.all([client.fetchQuery(options), client.fetchQuery(options)]);
    expect(one).toEqual(['a']);
    expect(two).toBe(one);
    await client.ensureQueryData(options);
    await client.fetchQuery(options);
    expect(calls.count).toBe(1);
  });

  test('a failure is kept (the server renders a 404) and handed to the browser with the answers', async () => {
    const server = new QueryClient({ staleTime: 30_000 });
    await server.fetchQuery(counted(['guide', 'ok'], async () => ({ title: 'Dakar' })).options);
    const missing = counted(['guide', 'nope'], async () => Promise.reject(new Error('404')));
    await expect(server.fetchQuery(missing.options)).rejects.toThrow('404');
    const browser = new QueryClient({ staleTime: 30_000 });
    browser.hydrate(JSON.parse(JSON.stringify(dehydrateQueries(server))));
    expect(browser.stateOf(['guide', 'ok'])).toMatchObject({ status: 'success', data: { title: 'Dakar' } });
    expect(browser.stateOf(['guide', 'nope']).status).toBe('error');
    expect(browser.isStale(missing.options)).toBe(true);
  });

  test('retry: 2 asks three times before failing; no retry by default', async () => {
    const client = new QueryClient({ staleTime: 0 });
    const once = counted(['a'], async () => Promise.reject(new Error('down')));
    await expect(client.fetch(once.options)).rejects.toThrow('down');
    expect(once.calls.count).toBe(1);
    let n = 0;
    const flaky = counted(['b'], async () => (++n < 3 ? Promise.reject(new Error('down')) : 'up'));
    await expect(client.fetch({ ...flaky.options, retry: 2 })).resolves.toBe('up');
    expect(flaky.calls.count).toBe(3);
  }, 10_000);

  test("invalidating a key the server's render filled asks for it again once it is on screen", async () => {
    const browser = new QueryClient({ staleTime: 30_000 });
    browser.hydrate([
      { queryKey: ['order', 'x1'], state: { status: 'success', data: 'pending', updatedAt: Date.now() } },
    ]);
    const order = counted(['order', 'x1'], async () => 'pending_verification');
    const stop = browser.subscribe(
      ['order', 'x1'],
      () => {},
      () => order.options,
    );
    await browser.invalidateQueries({ queryKey: ['order', 'x1'] });
    stop();
    expect(order.calls.count).toBe(1);
    expect(browser.stateOf(['order', 'x1']).data).toBe('pending_verification');
  });

  test('invalidating a prefix asks again for the keys on screen only, and marks the others stale', async () => {
    const client = new QueryClient({ staleTime: 30_000 });
    const shown = counted(['order', 'x1'], async () => 'paid');
    const hidden = counted(['order', 'x2'], async () => 'paid');
    const other = counted(['guide', 'x1'], async () => 'g');
    await Promise.all([
      client.fetch(shown.options),
      client.fetch(hidden.options),
      client.fetch(other.options),
    ]);
    const seen: string[] = [];
    const stop = client.subscribe(
      ['order', 'x1'],
      () => seen.push(client.stateOf(['order', 'x1']).status),
      () => shown.options,
    );
    await client.invalidateQueries({ queryKey: ['order'] });
    stop();
    expect([shown.calls.count, hidden.calls.count, other.calls.count]).toEqual([2, 1, 1]);
    expect(client.isStale(hidden.options)).toBe(true);
    expect(client.isStale(other.options)).toBe(false);
    expect(seen.at(-1)).toBe('success');
  });

  test('a fetch that got no answer is marked a network error; an answer that is an error, a hydrated failure and a later success are not', async () => {
    // As the app makes it (src/web/app/query-client.ts): an ApiError is the shop's answer.
    const isAnswer = (error: unknown) => error instanceof ApiError;
    const client = new QueryClient({ staleTime: 0, isAnswer });
    let answer: () => Promise<string> = () => Promise.reject(new TypeError('Failed to fetch'));
    const order = counted(['order', 'x'], () => answer());
    await expect(client.fetch(order.options)).rejects.toThrow('Failed to fetch');
    expect(client.stateOf(['order', 'x'])).toMatchObject({ status: 'error', networkError: true });
    answer = () => Promise.reject(new ApiError(404, '{"message":"Order not found"}', 'Not Found'));
    await expect(client.fetch(order.options)).rejects.toThrow('404');
    expect(client.stateOf(['order', 'x'])).toMatchObject({ status: 'error', networkError: false });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(client.fetch(order.options)).rejects.toThrow();
    answer = async () => 'paid';
    await client.fetch(order.options);
    expect(client.stateOf(['order', 'x'])).toMatchObject({ status: 'success', networkError: false });
    const browser = new QueryClient({ staleTime: 0, isAnswer });
    browser.hydrate([
      { queryKey: ['order', 'y'], state: { status: 'error', data: undefined, updatedAt: 0 } },
    ]);
    expect(browser.stateOf(['order', 'y'])).toMatchObject({ status: 'error', networkError: false });
  });
});
