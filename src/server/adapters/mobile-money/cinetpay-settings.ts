import { z } from 'zod';
import { httpUrl, optionalString } from '../../settings';

const KEYS = ['CINETPAY_API_KEY', 'CINETPAY_SITE_ID', 'CINETPAY_SECRET_KEY'] as const;

/**
 * CinetPay (automatic mobile-money confirmation): the three keys of the merchant account's
 * "Integrations" page. The automatic option is offered only when all three are set, so undefined
 * when none is, and refused when only some are.
 */
export const cinetpaySettings = z
  .object({
    CINETPAY_API_KEY: optionalString,
    CINETPAY_SITE_ID: optionalString,
    CINETPAY_SECRET_KEY: optionalString,
    /** CinetPay's payment API; tests point it at a fake on 127.0.0.1. */
    CINETPAY_API_URL: httpUrl.default('https://api-checkout.cinetpay.com'),
  })
  .superRefine((e, ctx) => {
    const missing = KEYS.filter((name) => e[name] === undefined);
    if (missing.length === 0 || missing.length === KEYS.length) return;
    for (const name of missing) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when any CINETPAY_* key is set' });
    }
  })
  .transform((e) =>
    e.CINETPAY_API_KEY && e.CINETPAY_SITE_ID && e.CINETPAY_SECRET_KEY
      ? {
          apiKey: e.CINETPAY_API_KEY,
          siteId: e.CINETPAY_SITE_ID,
          secretKey: e.CINETPAY_SECRET_KEY,
          apiUrl: e.CINETPAY_API_URL.replace(/\/$/, ''),
        }
      : undefined,
  );

export type CinetPaySettings = NonNullable<z.infer<typeof cinetpaySettings>>;
