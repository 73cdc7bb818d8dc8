import { z } from 'zod';
import type { WhatsAppSettings } from './whatsapp-settings';

/**
 * The WhatsApp Business Cloud API's messages endpoint (POST /{phone-number-id}/messages), the one
 * call the shop makes: a template message, which is the only kind a business may start a
 * conversation with. Meta publishes no maintained Node SDK for it, so this is plain fetch.
 */
export interface TemplateMessage {
  /** E.164 digits without the +: 2250700000000. */
  to: string;
  template: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  bodyParameters: string[];
}

export interface SentMessage {
  /** The message's id (wamid.…), which the status webhooks name. */
  wamid: string;
  waId: string | undefined;
}

/**
 * The API refused or could not be reached. `retryable` says whether the same call may succeed later
 * (rate limits, Meta's own faults, the network); a bad number, an expired token or a missing
 * template will not, however often it is tried.
 */
export class WhatsAppApiError extends Error {
  constructor(
    message: string,
    readonly details: { status?: number; code?: number; subcode?: number; retryable: boolean },
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
  }
}

/**
 * Cloud API error codes worth another try: 1/2 API unknown/service, 4 and 80007 app/account rate
 * limits, 130429 throughput, 131000 something went wrong, 131016 service unavailable, 131048 spam
 * rate limit, 131056 pair rate limit, 133004 server temporarily unavailable.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

const errorBody = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    fbtrace_id: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).partial().optional(),
  }),
});

const sentBody = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1).max(200) })).min(1),
});

const TIMEOUT_MS = 15_000;

/** Sends one template message; throws WhatsAppApiError when it was not accepted. */
export async function sendTemplateMessage(
  settings: Pick<WhatsAppSettings, 'apiUrl' | 'token' | 'phoneNumberId'>,
  message: TemplateMessage,
  signal?: AbortSignal,
): Promise<SentMessage> {
  const url = `${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        { type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) },
      ],
    },
  };
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
        : AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WhatsAppApiError(`WhatsApp API unreachable: ${(error as Error).message}`, { retryable: true });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusal(response.status, json);
  const sent = sentBody.safeParse(json);
  if (!sent.success) {
    throw new WhatsAppApiError('WhatsApp API answered without a message id', {
      status: response.status,
      retryable: true,
    });
  }
  return { wamid: sent.data.messages[0]!.id, waId: sent.data.contacts?.[0]?.wa_id };
}

function refusal(status: number, json: unknown): WhatsAppApiError {
  const parsed = errorBody.safeParse(json);
  const error = parsed.success ? parsed.data.error : undefined;
  const code = error?.code;
  const retryable = status >= 500 || status === 429 || (code !== undefined && RETRYABLE_CODES.has(code));
  const detail = error?.error_data?.details;
  const text = error?.message ?? `HTTP ${status}`;
  return new WhatsAppApiError(
    `${code !== undefined ? `(#${code}) ` : ''}${text}${detail ? `: ${detail}` : ''}`,
    {
      status,
      code,
      subcode: error?.error_subcode,
      retryable,
    },
  );
}
