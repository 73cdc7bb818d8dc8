import { z } from 'zod';
import { fromEnv, httpUrl, optionalString } from '../../settings';

const KEYS = {
  token: 'WHATSAPP_TOKEN',
  phoneNumberId: 'WHATSAPP_PHONE_NUMBER_ID',
  appSecret: 'WHATSAPP_APP_SECRET',
  verifyToken: 'WHATSAPP_VERIFY_TOKEN',
} as const;

/** A template's name as Meta accepts it: lower-case letters, digits and underscores. */
const templateName = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be lower-case letters, digits and _')
    .default(fallback);
/** A template language code as WhatsApp Manager shows it: fr, en, en_US, pt_BR… */
const languageCode = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code such as fr, en or en_US')
    .default(fallback);

/**
 * WhatsApp Business Cloud API: the system user's token, the sending number's id, the
 * app secret that signs the status webhooks and the token the webhook's GET verification expects.
 * Offered only when all four are set, so undefined when none is, and refused when only some are.
 */
export const whatsappSettings = fromEnv({
  token: [KEYS.token, optionalString],
  phoneNumberId: [
    KEYS.phoneNumberId,
    optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,30}$/)
        .optional(),
    ),
  ],
  appSecret: [KEYS.appSecret, optionalString],
  verifyToken: [KEYS.verifyToken, optionalString],
  /** The Graph API with its version; tests point it at a fake on 127.0.0.1. */
  apiUrl: ['WHATSAPP_API_URL', httpUrl.default('https://graph.facebook.com/v21.0')],
  /** Body: {{1}} first name, {{2}} order number, {{3}} the order page link. */
  orderPaidTemplate: ['WHATSAPP_TEMPLATE_ORDER_PAID', templateName('order_paid')],
  /** Body: {{1}} first name, {{2}} order number, {{3}} reference, {{4}} amount in FCFA, {{5}} payment link. */
  mobileMoneyPlacedTemplate: ['WHATSAPP_TEMPLATE_MOBILE_MONEY_PLACED', templateName('mobile_money_placed')],
  /** The language codes the templates were approved under, for French and English orders. */
  languageFr: ['WHATSAPP_LANGUAGE_FR', languageCode('fr')],
  languageEn: ['WHATSAPP_LANGUAGE_EN', languageCode('en')],
})
  .superRefine((settings, ctx) => {
    const missing = Object.entries(KEYS).filter(([key]) => settings[key as keyof typeof KEYS] === undefined);
    if (missing.length === 0 || missing.length === Object.keys(KEYS).length) return;
    for (const [, variable] of missing) {
      ctx.addIssue({ code: 'custom', path: [variable], message: 'required when any WHATSAPP_* key is set' });
    }
  })
  .transform(({ token, phoneNumberId, appSecret, verifyToken, apiUrl, ...templates }) =>
    token && phoneNumberId && appSecret && verifyToken
      ? { token, phoneNumberId, appSecret, verifyToken, apiUrl: apiUrl.replace(/\/$/, ''), ...templates }
      : undefined,
  );

export type WhatsAppSettings = NonNullable<z.infer<typeof whatsappSettings>>;
