import type { z } from 'zod';
import { fromEnv, httpUrl, optionalString } from '../../settings';

const KEYS = {
  apiKey: 'CINETPAY_API_KEY',
  siteId: 'CINETPAY_SITE_ID',
  secretKey: 'CINETPAY_SECRET_KEY',
} as const;

/**
 * CinetPay (automatic mobile-money confirmation): the three keys of the merchant account's
 * "Integrations" page. The automatic option is offered only when all three are set, so undefined
 * when none is, and refused when only some are.
 */
export const cinetpaySettings = fromEnv({
  apiKey: [KEYS.apiKey, optionalString],
  siteId: [KEYS.siteId, optionalString],
  secretKey: [KEYS.secretKey, optionalString],
  /** CinetPay's payment API; tests point it at a fake on 127.0.0.1. */
  apiUrl: ['CINETPAY_API_URL', httpUrl.default('https://api-checkout.cinetpay.com')],
})
  .superRefine((settings, ctx) => {
    const missing = Object.entries(KEYS).filter(([key]) => settings[key as keyof typeof KEYS] === undefined);
    if (missing.length === 0 || missing.length === Object.keys(KEYS).length) return;
    for (const [, variable] of missing) {
      ctx.addIssue({ code: 'custom', path: [variable], message: 'required when any CINETPAY_* key is set' });
    }
  })
  .transform(({ apiKey, siteId, secretKey, apiUrl }) =>
    apiKey && siteId && secretKey
      ? { apiKey, siteId, secretKey, apiUrl: apiUrl.replace(/\/$/, '') }
      : undefined,
  );

export type CinetPaySettings = NonNullable<z.infer<typeof cinetpaySettings>>;
