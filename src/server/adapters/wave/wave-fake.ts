import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waveSignature } from './wave';

/**
 * A stand-in for Wave's Checkout API on 127.0.0.1, speaking the documented protocol (wave.ts):
 * Bearer key checked on every /v1 call, sessions with the documented fields and statuses, the
 * Idempotency-Key honoured, search by client_reference, expiry, whole refunds, errors as
 * { code, message }. GET /c/{id} is the launch page, whose buttons pay or fail; either posts the
 * signed webhook to the shop (when a webhook URL is set) before sending the browser back. Tests also
 * make late, duplicated and forged webhooks with `webhook()`. The real client talks to it over HTTP.
 */

export interface FakeWaveSession {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  success_url: string;
  error_url: string;
  checkout_status: 'open' | 'complete' | 'expired';
  payment_status: 'processing' | 'cancelled' | 'succeeded';
  wave_launch_url: string;
  transaction_id: string | null;
  when_created: string;
  when_expires: string;
  when_completed: string | null;
  last_payment_error: { code: string; message: string } | null;
  business_name: string;
  /** The fake's own: whether it was refunded (and with which key). */
  refundedWith: string | null;
}

export interface FakeWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface WaveFake {
  /** http://127.0.0.1:port: use as WAVE_API_URL. */
  readonly url: string;
  readonly sessions: Map<string, FakeWaveSession>;
  readonly requests: {
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
    body: unknown;
  }[];
  /** Where the signed webhooks go (the shop's /api/wave/webhook); unset, none is sent by the launch page. */
  webhookUrl: string | undefined;
  /** The buyer paid: succeeded, with `amount` instead of the session's when a test says so. */
  pay(id: string, options?: { amount?: string; currency?: string }): FakeWaveSession;
  /** A payment attempt failed (insufficient funds): the session stays open with last_payment_error. */
  fail(id: string): FakeWaveSession;
  expire(id: string): FakeWaveSession;
  /** A webhook as Wave signs it; `ageSeconds` makes a late one, `secret` a forged one. */
  webhook(
    id: string,
    options?: { type?: string; ageSeconds?: number; secret?: string; now?: number },
  ): FakeWebhook;
  /** Posts `webhook` to webhookUrl; resolves to the shop's HTTP status. */
  deliver(webhook: FakeWebhook): Promise<number>;
  /** The next /v1 calls answer 503, this many times. */
  failNextCalls(count: number): void;
  /** Refunds are refused with this code and message until called with undefined. */
  refuseRefunds(refusal: { code: string; message: string } | undefined): void;
  close(): Promise<void>;
}

function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(''));
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** What the API answers of a session: the documented fields, not the fake's own. */
const view = ({ refundedWith: _, ...session }: FakeWaveSession) => session;

export async function startWaveFake(options: { apiKey: string; signingSecret: string }): Promise<WaveFake> {
  const sessions = new Map<string, FakeWaveSession>();
  const requests: WaveFake['requests'] = [];
  const byIdempotencyKey = new Map<string, { body: string; id: string }>();
  let failing = 0;
  let refusal: { code: string; message: string } | undefined;
  let url = '';

  function session(id: string): FakeWaveSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`The fake has no session ${id}`);
    return found;
  }

  async function createSession(raw: string, body: Record<string, unknown>, key: string | undefined) {
    if (key) {
      const earlier = byIdempotencyKey.get(key);
      if (earlier && earlier.body === raw) return { status: 200, body: view(session(earlier.id)) };
      if (earlier)
        return {
          status: 409,
          body: { code: 'idempotency-mismatch', message: 'Key reused with another request' },
        };
    }
    const amount = str(body.amount);
    if (!amount || !/^[1-9]\d{0,11}$/.test(amount)) {
      return {
        status: 400,
        body: { code: 'request-validation-error', message: 'amount: a whole number of XOF, as a string' },
      };
    }
    if (body.currency !== 'XOF')
      return { status: 400, body: { code: 'request-validation-error', message: 'currency: XOF only' } };
    for (const field of ['success_url', 'error_url'] as const) {
      if (!/^https?:\/\//.test(str(body[field]) ?? '')) {
        return {
          status: 400,
          body: { code: 'request-validation-error', message: `${field}: a URL is required` },
        };
      }
    }
    const reference = str(body.client_reference) ?? null;
    if (reference && reference.length > 255) {
      return {
        status: 400,
        body: { code: 'request-validation-error', message: 'client_reference: at most 255 characters' },
      };
    }
    const id = `cos-${randomBytes(9).toString('hex')}`;
    const now = Date.now();
    const created: FakeWaveSession = {
      id,
      amount,
      currency: 'XOF',
      client_reference: reference,
      success_url: str(body.success_url)!,
      error_url: str(body.error_url)!,
      checkout_status: 'open',
      payment_status: 'processing',
      wave_launch_url: `${url}/c/${id}`,
      transaction_id: null,
      when_created: new Date(now).toISOString(),
      when_expires: new Date(now + 30 * 60_000).toISOString(),
      when_completed: null,
      last_payment_error: null,
      business_name: 'Guides Afrique',
      refundedWith: null,
    };
    sessions.set(id, created);
    if (key) byIdempotencyKey.set(key, { body: raw, id });
    return { status: 200, body: view(created) };
  }

  function refund(id: string, key: string | undefined) {
    const s = sessions.get(id);
    if (!s)
      return {
        status: 404,
        body: { code: 'checkout-session-not-found', message: 'No such checkout session' },
      };
    if (s.refundedWith !== null) {
      if (key && s.refundedWith === key) return { status: 200, body: undefined };
      return {
        status: 409,
        body: { code: 'checkout-refund-failed', message: 'This checkout session was already refunded' },
      };
    }
    if (s.payment_status !== 'succeeded') {
      return {
        status: 409,
        body: { code: 'checkout-refund-failed', message: 'Only a paid checkout session can be refunded' },
      };
    }
    if (refusal) return { status: 409, body: refusal };
    s.refundedWith = key ?? 'no-key';
    return { status: 200, body: undefined };
  }

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) {
    const raw = await readText(request);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(response, 400, { code: 'request-validation-error', message: 'Invalid JSON' });
    }
    const headers = {
      authorization: request.headers.authorization,
      'idempotency-key': str(request.headers['idempotency-key']),
    };
    requests.push({ method: request.method ?? '', path, headers, body });
    if (!request.headers.authorization)
      return send(response, 401, { code: 'missing-auth-header', message: 'Authorization header required' });
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(response, 401, { code: 'invalid-auth', message: 'The API key is not valid' });
    }
    if (failing > 0) {
      failing--;
      return send(response, 503, { code: 'service-unavailable', message: 'Try again later' });
    }
    const key = headers['idempotency-key'];
    const match = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(?:\/(refund|expire))?$/.exec(path);
    if (!match) return send(response, 404, { code: 'not-found', message: 'No such endpoint' });
    const [, id, action] = match;
    if (request.method === 'POST' && !id) {
      const answer = await createSession(raw, (body ?? {}) as Record<string, unknown>, key);
      return send(response, answer.status, answer.body);
    }
    if (request.method === 'GET' && id === 'search') {
      const reference = query.get('client_reference');
      return send(response, 200, {
        result: [...sessions.values()].filter((s) => s.client_reference === reference).map(view),
      });
    }
    if (request.method === 'GET' && !id)
      return send(response, 200, { result: [...sessions.values()].map(view) });
    const found = id ? sessions.get(decodeURIComponent(id)) : undefined;
    if (!found)
      return send(response, 404, { code: 'checkout-session-not-found', message: 'No such checkout session' });
    if (request.method === 'GET' && !action) return send(response, 200, view(found));
    if (request.method === 'POST' && action === 'refund') {
      const answer = refund(found.id, key);
      return send(response, answer.status, answer.body);
    }
    if (request.method === 'POST' && action === 'expire') {
      if (found.checkout_status !== 'open')
        return send(response, 409, { code: 'checkout-session-not-open', message: 'Not open' });
      found.checkout_status = 'expired';
      return send(response, 200, view(found));
    }
    return send(response, 405, { code: 'method-not-allowed', message: 'Method not allowed' });
  }

  /** The launch page: the amount, and buttons that pay or fail as the Wave app would. */
  async function launchPage(request: IncomingMessage, response: ServerResponse, id: string) {
    const s = sessions.get(id);
    if (!s) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('Unknown checkout');
    }
    if (request.method === 'POST') {
      const outcome = new URLSearchParams(await readText(request)).get('outcome');
      const paid = outcome === 'pay' && s.checkout_status === 'open';
      if (paid) pay(id);
      else if (outcome === 'fail' && s.checkout_status === 'open') fail(id);
      if (fake.webhookUrl && (paid || outcome === 'fail')) {
        await fake
          .deliver(
            webhook(id, { type: paid ? 'checkout.session.completed' : 'checkout.session.payment_failed' }),
          )
          .catch(() => 0);
      }
      response.writeHead(303, { location: paid ? s.success_url : s.error_url });
      return response.end();
    }
    const button = (outcome: string, label: string) =>
      `<form method="post"><input type="hidden" name="outcome" value="${outcome}"><button>${label}</button></form>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="fr"><meta name="viewport" content="width=device-width">` +
        `<link rel="icon" href="data:,"><title>Wave (fake) — paiement</title><main><h1>Wave (fake)</h1>` +
        `<p data-testid="amount">${escapeHtml(s.amount)} ${escapeHtml(s.currency)}</p>` +
        `<p>${escapeHtml(s.business_name)}</p>` +
        (s.checkout_status === 'open'
          ? button('pay', 'Payer') + button('fail', 'Échec du paiement')
          : `<p>${s.checkout_status}</p>`) +
        `</main></html>`,
    );
  }

  function pay(id: string, opts: { amount?: string; currency?: string } = {}) {
    const s = session(id);
    s.checkout_status = 'complete';
    s.payment_status = 'succeeded';
    if (opts.amount) s.amount = opts.amount;
    if (opts.currency) s.currency = opts.currency;
    s.transaction_id = `T_${randomBytes(6).toString('hex').toUpperCase()}`;
    s.when_completed = new Date().toISOString();
    s.last_payment_error = null;
    return s;
  }

  function fail(id: string) {
    const s = session(id);
    s.last_payment_error = { code: 'insufficient-funds', message: 'The payer does not have enough funds' };
    return s;
  }

  function webhook(id: string, opts: Parameters<WaveFake['webhook']>[1] = {}): FakeWebhook {
    const s = session(id);
    const type =
      opts.type ??
      (s.payment_status === 'succeeded' ? 'checkout.session.completed' : 'checkout.session.payment_failed');
    const body = JSON.stringify({ id: `AE_${randomBytes(6).toString('hex')}`, type, data: view(s) });
    const t = Math.floor((opts.now ?? Date.now()) / 1000) - (opts.ageSeconds ?? 0);
    const signature = waveSignature(opts.secret ?? options.signingSecret, t, body);
    return {
      body,
      headers: { 'content-type': 'application/json', 'wave-signature': `t=${t},v1=${signature}` },
    };
  }

  const server: Server = createServer((request, response) => {
    const parsed = new URL(request.url ?? '/', 'http://fake');
    const handled = parsed.pathname.startsWith('/c/')
      ? launchPage(request, response, decodeURIComponent(parsed.pathname.slice(3)))
      : api(request, response, parsed.pathname, parsed.searchParams);
    handled.catch(() => send(response, 500, { code: 'internal-error', message: 'Fake error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: WaveFake = {
    url,
    sessions,
    requests,
    webhookUrl: undefined,
    pay,
    fail,
    expire(id) {
      const s = session(id);
      s.checkout_status = 'expired';
      return s;
    },
    webhook,
    async deliver(hook) {
      if (!fake.webhookUrl) throw new Error('The fake has no webhook URL');
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: hook.headers,
        body: hook.body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    failNextCalls(count) {
      failing = count;
    },
    refuseRefunds(next) {
      refusal = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
