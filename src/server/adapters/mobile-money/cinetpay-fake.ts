import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cinetpayNotificationToken } from './cinetpay';

/**
 * A stand-in for CinetPay's payment API on 127.0.0.1, speaking its documented protocol (see the
 * links in cinetpay.ts): POST /v2/payment (JSON in, code "201" with data.payment_url and
 * data.payment_token out), POST /v2/payment/check (code "00" and data.status ACCEPTED once paid),
 * and, when a test says the shopper paid or was refused, a form POST of the documented cpm_* fields
 * to the notify_url given at initialisation, signed with the x-token HMAC. GET /pay/{token} is a
 * bare hosted page whose buttons pay or refuse (for browser tests). The real adapter talks to it
 * over HTTP, exactly as it talks to CinetPay.
 *
 * Error codes for refused requests are the fake's own choice (the documentation we read does not
 * list them); the adapter only relies on "201" and "00".
 */

export type FakeStatus = 'PENDING' | 'ACCEPTED' | 'REFUSED';

export interface FakeTransaction {
  transactionId: string;
  paymentToken: string;
  amount: number;
  currency: string;
  description: string;
  notifyUrl: string;
  returnUrl: string;
  channels: string;
  lang: string | undefined;
  metadata: string | undefined;
  status: FakeStatus;
  paymentMethod: string;
  phone: string;
  createdAt: Date;
}

export interface FakeNotification {
  headers: Record<string, string>;
  fields: Record<string, string>;
  /** The form as CinetPay posts it (application/x-www-form-urlencoded). */
  body: string;
}

export interface CinetPayFake {
  /** http://127.0.0.1:port: use as CINETPAY_API_URL. */
  readonly url: string;
  readonly transactions: Map<string, FakeTransaction>;
  /** Every API request received, in order. */
  readonly requests: { path: string; body: Record<string, unknown> }[];
  /** The shopper paid (ACCEPTED) or was refused (REFUSED) on the hosted page. */
  settle(transactionId: string, status: 'ACCEPTED' | 'REFUSED'): FakeTransaction;
  /** The signed notification CinetPay would post for this transaction now. */
  notification(transactionId: string, options?: { secretKey?: string }): FakeNotification;
  /** Posts the notification to the notify_url given at initialisation; resolves to the HTTP status. */
  deliverNotification(transactionId: string): Promise<number>;
  /** The next check answers fail with HTTP 503 this many times. */
  failNextChecks(count: number): void;
  close(): Promise<void>;
}

export interface CinetPayFakeOptions {
  apiKey: string;
  siteId: string;
  secretKey: string;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await readText(request));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(''));
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** "2026-11-22 11:19:00", as the documentation's example shows cpm_trans_date. */
const transDate = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export async function startCinetPayFake(options: CinetPayFakeOptions): Promise<CinetPayFake> {
  const transactions = new Map<string, FakeTransaction>();
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  let failingChecks = 0;
  let url = '';

  function authorised(body: Record<string, unknown>): boolean {
    return str(body.apikey) === options.apiKey && str(body.site_id) === options.siteId;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path?.startsWith('/pay/')) return hostedPage(request, response, path.slice('/pay/'.length));
    if (request.method !== 'POST') return send(response, 404, { code: '404', message: 'NOT_FOUND' });
    const body = await readJson(request);
    if (!body) return send(response, 400, { code: '400', message: 'INVALID_JSON' });
    requests.push({ path: path ?? '', body });

    if (path === '/v2/payment') {
      if (!authorised(body)) return send(response, 403, { code: '609', message: 'AUTH_NOT_FOUND' });
      const required = [
        'transaction_id',
        'amount',
        'currency',
        'description',
        'notify_url',
        'return_url',
        'channels',
      ];
      const missing = required.filter((k) => body[k] === undefined || body[k] === '');
      if (missing.length > 0) {
        return send(response, 400, {
          code: '608',
          message: 'MINIMUM_REQUIRED_FIELDS',
          description: `missing: ${missing.join(', ')}`,
        });
      }
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount % 5 !== 0 || amount < 100) {
        return send(response, 400, {
          code: '608',
          message: 'INVALID_AMOUNT',
          description: 'The amount must be an integer multiple of 5',
        });
      }
      if (!['XOF', 'XAF', 'CDF', 'GNF', 'USD'].includes(str(body.currency) ?? '')) {
        return send(response, 400, { code: '608', message: 'INVALID_CURRENCY' });
      }
      if (/[#/$_&]/.test(str(body.description) ?? '')) {
        return send(response, 400, { code: '608', message: 'INVALID_DESCRIPTION' });
      }
      const transactionId = str(body.transaction_id)!;
      if (transactions.has(transactionId)) {
        return send(response, 400, { code: '608', message: 'DUPLICATE_TRANSACTION_ID' });
      }
      const paymentToken = randomBytes(24).toString('hex');
      transactions.set(transactionId, {
        transactionId,
        paymentToken,
        amount,
        currency: str(body.currency)!,
        description: str(body.description)!,
        notifyUrl: str(body.notify_url)!,
        returnUrl: str(body.return_url)!,
        channels: str(body.channels)!,
        lang: str(body.lang),
        metadata: str(body.metadata),
        status: 'PENDING',
        paymentMethod: 'OM',
        phone: '0700000000',
        createdAt: new Date(),
      });
      return send(response, 200, {
        code: '201',
        message: 'CREATED',
        description: 'Transaction created with success',
        data: { payment_token: paymentToken, payment_url: `${url}/pay/${paymentToken}` },
        api_response_id: randomBytes(8).toString('hex'),
      });
    }

    if (path === '/v2/payment/check') {
      if (failingChecks > 0) {
        failingChecks--;
        return send(response, 503, { code: '503', message: 'SERVICE_UNAVAILABLE' });
      }
      if (!authorised(body)) return send(response, 403, { code: '609', message: 'AUTH_NOT_FOUND' });
      const tx = transactions.get(str(body.transaction_id) ?? '');
      if (!tx) return send(response, 404, { code: '627', message: 'TRANSACTION_NOT_FOUND', data: {} });
      const data = {
        amount: String(tx.amount),
        currency: tx.currency,
        status: tx.status,
        payment_method: tx.paymentMethod,
        description: tx.description,
        metadata: tx.metadata ?? null,
        operator_id: tx.status === 'ACCEPTED' ? `OP${tx.paymentToken.slice(0, 10)}` : null,
        payment_date: tx.status === 'ACCEPTED' ? transDate(new Date()) : '',
      };
      if (tx.status === 'ACCEPTED') return send(response, 200, { code: '00', message: 'SUCCES', data });
      if (tx.status === 'REFUSED')
        return send(response, 200, { code: '600', message: 'PAYMENT_FAILED', data });
      return send(response, 200, { code: '662', message: 'WAITING_CUSTOMER_PAYMENT', data });
    }
    return send(response, 404, { code: '404', message: 'NOT_FOUND' });
  }

  /**
   * The hosted payment page, reduced to what a test needs: the amount, and buttons that do what the
   * shopper's wallet would — pay, be refused, or leave without paying. Paying or being refused
   * settles the transaction, posts the signed notification (unless "lost" was chosen: some
   * operators never send it) and sends the browser back to the shop's return_url.
   */
  async function hostedPage(request: IncomingMessage, response: ServerResponse, token: string) {
    const tx = [...transactions.values()].find((t) => t.paymentToken === token);
    if (!tx) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Unknown payment');
      return;
    }
    if (request.method === 'POST') {
      const form = new URLSearchParams(await readText(request));
      const outcome = form.get('outcome');
      if (outcome === 'ACCEPTED' || outcome === 'REFUSED') {
        tx.status = outcome;
        if (form.get('notify') !== 'lost') {
          const n = notification(tx.transactionId);
          await fetch(tx.notifyUrl, { method: 'POST', headers: n.headers, body: n.body })
            .then((r) => r.arrayBuffer())
            .catch(() => undefined);
        }
      }
      response.writeHead(303, { location: tx.returnUrl });
      response.end();
      return;
    }
    const button = (outcome: string, label: string, notify = 'sent') =>
      `<form method="post"><input type="hidden" name="outcome" value="${outcome}">` +
      `<input type="hidden" name="notify" value="${notify}"><button>${label}</button></form>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width">` +
        `<link rel="icon" href="data:,">` +
        `<title>CinetPay (fake) — payment</title><main><h1>CinetPay (fake)</h1>` +
        `<p data-testid="amount">${tx.amount} ${escapeHtml(tx.currency)}</p>` +
        `<p>${escapeHtml(tx.description)}</p>` +
        button('ACCEPTED', 'Pay') +
        button('ACCEPTED', 'Pay (notification lost)', 'lost') +
        button('REFUSED', 'Refuse') +
        `<p><a href="${escapeHtml(tx.returnUrl)}">Back to the shop</a></p></main></html>`,
    );
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { code: '500', message: 'FAKE_ERROR' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function transaction(transactionId: string): FakeTransaction {
    const tx = transactions.get(transactionId);
    if (!tx) throw new Error(`The fake has no transaction ${transactionId}`);
    return tx;
  }

  function notification(transactionId: string, opts: { secretKey?: string } = {}): FakeNotification {
    const tx = transaction(transactionId);
    const fields: Record<string, string> = {
      cpm_site_id: options.siteId,
      cpm_trans_id: tx.transactionId,
      cpm_trans_date: transDate(tx.createdAt),
      cpm_amount: String(tx.amount),
      cpm_currency: tx.currency,
      signature: tx.paymentToken,
      payment_method: tx.paymentMethod,
      cel_phone_num: tx.phone,
      cpm_phone_prefixe: '225',
      cpm_language: tx.lang ?? 'fr',
      cpm_version: 'V4',
      cpm_payment_config: 'SINGLE',
      cpm_page_action: 'PAYMENT',
      cpm_custom: tx.metadata ?? '',
      cpm_designation: tx.description,
      cpm_error_message: tx.status === 'REFUSED' ? 'PAYMENT_FAILED' : '',
    };
    return {
      fields,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-token': cinetpayNotificationToken(fields, opts.secretKey ?? options.secretKey),
      },
      body: new URLSearchParams(fields).toString(),
    };
  }

  return {
    url,
    transactions,
    requests,
    settle(transactionId, status) {
      const tx = transaction(transactionId);
      tx.status = status;
      return tx;
    },
    notification,
    async deliverNotification(transactionId) {
      const tx = transaction(transactionId);
      const n = notification(transactionId);
      const response = await fetch(tx.notifyUrl, { method: 'POST', headers: n.headers, body: n.body });
      await response.arrayBuffer();
      return response.status;
    },
    failNextChecks(count) {
      failingChecks = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
