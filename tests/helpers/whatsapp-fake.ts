import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody } from '../../src/server/modules/whatsapp/webhook-signature';

/** A template message as the fake received it. */
export interface ReceivedWhatsApp {
  to: string;
  template: string;
  language: string;
  parameters: string[];
  wamid: string;
}

export interface CloudApiRefusal {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  type?: string;
}

/** The Cloud API's own refusals, as its error bodies carry them. */
export const REFUSALS = {
  expiredToken: {
    status: 401,
    code: 190,
    subcode: 463,
    type: 'OAuthException',
    message: 'Error validating access token: Session has expired.',
  },
  invalidNumber: {
    status: 400,
    code: 131026,
    message: 'Message undeliverable',
  },
  rateLimited: { status: 429, code: 130429, message: 'Rate limit hit' },
  reEngagement: { status: 400, code: 131047, message: 'Re-engagement message' },
} satisfies Record<string, CloudApiRefusal>;

export interface WhatsAppFake {
  /** WHATSAPP_API_URL for the shop: http://127.0.0.1:port/v21.0 */
  apiUrl: string;
  env(webhookBase?: string): Record<string, string>;
  received: ReceivedWhatsApp[];
  /** Requests answered, accepted or not. */
  requests: number;
  /** The next requests are refused with these, in order. */
  refuseNext(...refusals: CloudApiRefusal[]): void;
  /** Where the fake posts its signed status webhooks (the shop's /api/whatsapp/webhook). */
  setWebhookUrl(url: string): void;
  /** Posts a status for a message, signed with the app secret (or `signature` as given); the shop's answer. */
  sendStatus(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    options?: { signature?: string | null; errorCode?: number },
  ): Promise<{ status: number; body: unknown }>;
  /** After each accepted message, post these statuses by itself, `delayMs` apart (e2e). */
  autoStatuses(statuses: ('sent' | 'delivered' | 'read')[], delayMs: number): void;
  close(): Promise<void>;
}

export const FAKE_WHATSAPP = {
  token: 'EAAG-test-token',
  phoneNumberId: '106540352242922',
  appSecret: 'fake-app-secret-0123456789abcdef',
  verifyToken: 'fake-verify-token',
  templates: { order_paid: ['fr', 'en'], mobile_money_placed: ['fr', 'en'] } as Record<string, string[]>,
};

const E164 = /^[1-9]\d{7,14}$/;

function sendError(res: ServerResponse, refusal: CloudApiRefusal): void {
  res.writeHead(refusal.status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: {
        message: refusal.message,
        type: refusal.type ?? 'OAuthException',
        code: refusal.code,
        ...(refusal.subcode !== undefined ? { error_subcode: refusal.subcode } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    }),
  );
}

const invalidParameter = (message: string): CloudApiRefusal => ({
  status: 400,
  code: 100,
  message: `(#100) Invalid parameter: ${message}`,
});

interface TemplateBody {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
  };
}

/** What the Cloud API would refuse in a template message, or the message it would send. */
function readTemplate(body: TemplateBody): CloudApiRefusal | Omit<ReceivedWhatsApp, 'wamid'> {
  if (body.messaging_product !== 'whatsapp') return invalidParameter('messaging_product');
  if (body.type !== 'template') return invalidParameter('type');
  if (typeof body.to !== 'string' || !E164.test(body.to)) return invalidParameter('to');
  const name = body.template?.name;
  const language = body.template?.language?.code;
  if (typeof name !== 'string' || typeof language !== 'string') return invalidParameter('template');
  if (!FAKE_WHATSAPP.templates[name]?.includes(language)) {
    return { status: 404, code: 132001, message: 'Template name does not exist in the translation' };
  }
  const parameters = (body.template?.components ?? [])
    .filter((c) => c.type === 'body')
    .flatMap((c) => c.parameters ?? [])
    .map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : ''));
  if (parameters.some((p) => /[\n\t]| {5,}/.test(p))) {
    return { status: 400, code: 132018, message: 'There was an issue with the parameters in your template.' };
  }
  if (parameters.some((p) => p === ''))
    return { status: 400, code: 131008, message: 'Required parameter is missing' };
  return { to: body.to, template: name, language, parameters };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A fake of the WhatsApp Business Cloud API over HTTP on 127.0.0.1: POST /v21.0/{phone-number-id}/messages
 * with the Bearer token, answering as Graph does (`{messaging_product, contacts, messages:[{id}]}`
 * or `{error:{message,type,code,error_subcode,fbtrace_id}}`), and status webhooks signed with
 * X-Hub-Signature-256 as Meta signs them.
 */
export async function startWhatsAppFake(): Promise<WhatsAppFake> {
  const received: ReceivedWhatsApp[] = [];
  const refusals: CloudApiRefusal[] = [];
  let webhookUrl = '';
  let requests = 0;
  let auto: { statuses: ('sent' | 'delivered' | 'read')[]; delayMs: number } | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match)
      return sendError(res, { status: 400, code: 100, message: 'Unsupported request' });
    requests++;
    const text = await readBody(req);
    if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP.token}`) {
      return sendError(res, { ...REFUSALS.expiredToken, message: 'Invalid OAuth access token.' });
    }
    if (match[1] !== FAKE_WHATSAPP.phoneNumberId) {
      return sendError(res, {
        status: 400,
        code: 100,
        subcode: 33,
        message: `Unsupported post request. Object with ID '${match[1]}' does not exist`,
      });
    }
    const scripted = refusals.shift();
    if (scripted) return sendError(res, scripted);
    let body: TemplateBody;
    try {
      body = JSON.parse(text) as TemplateBody;
    } catch {
      return sendError(res, invalidParameter('body'));
    }
    const read = readTemplate(body);
    if ('status' in read) return sendError(res, read);
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    received.push({ ...read, wamid });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: read.to, wa_id: read.to }],
        messages: [{ id: wamid }],
      }),
    );
    if (auto) {
      const { statuses, delayMs } = auto;
      void (async () => {
        for (const status of statuses) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          await fake.sendStatus(wamid, status).catch(() => undefined);
        }
      })();
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}/v21.0`;

  const fake: WhatsAppFake = {
    apiUrl,
    env: () => ({
      WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_APP_SECRET: FAKE_WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: FAKE_WHATSAPP.verifyToken,
      WHATSAPP_API_URL: apiUrl,
    }),
    received,
    get requests() {
      return requests;
    },
    refuseNext: (...next) => refusals.push(...next),
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    sendStatus: async (wamid, status, options = {}) => {
      const recipient = received.find((m) => m.wamid === wamid)?.to ?? '0';
      const payload = JSON.stringify(statusNotification(wamid, status, recipient, options.errorCode));
      const signature =
        options.signature === undefined
          ? signWebhookBody(FAKE_WHATSAPP.appSecret, payload)
          : options.signature;
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
        },
        body: payload,
      });
      return { status: response.status, body: await response.json().catch(() => undefined) };
    },
    autoStatuses: (statuses, delayMs) => {
      auto = { statuses, delayMs };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** A WhatsApp Business Account notification with one message status, as Meta sends it. */
export function statusNotification(wamid: string, status: string, recipient: string, errorCode?: number) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: FAKE_WHATSAPP.phoneNumberId },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: recipient,
                  ...(status === 'failed'
                    ? {
                        errors: [
                          {
                            code: errorCode ?? 131026,
                            title: 'Message undeliverable',
                            message: 'Message undeliverable',
                            error_data: { details: 'Message Undeliverable.' },
                          },
                        ],
                      }
                    : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}
