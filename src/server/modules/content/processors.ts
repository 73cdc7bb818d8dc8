import type { Processor } from '../../../shared/contracts/processors';
import type { Config } from '../../config';

/**
 * Where each provider the shop can use processes data: the companies that contract with a shop
 * selling from Africa (Stripe Payments Europe in Ireland and Stripe Inc. in the United States;
 * CinetPay in Côte d'Ivoire; Wave in Senegal with its parent in the United States; Meta Platforms
 * Ireland and Meta Inc. for the WhatsApp Cloud API). The mail and file providers are whoever the
 * operator picks, so their country is a setting (docs/features/consent.md).
 */
const COUNTRIES = {
  stripe: ['IE', 'US'],
  cinetpay: ['CI'],
  wave: ['SN', 'US'],
  whatsapp: ['IE', 'US'],
} as const;

const hostOf = (url: string) => new URL(url).hostname;

/** The processors the privacy page lists: only those this configuration actually uses. */
export function processorsInUse(config: Config): Processor[] {
  const list: Processor[] = [];
  const known = (kind: keyof typeof COUNTRIES) =>
    list.push({ kind, host: null, countries: [...COUNTRIES[kind]] });
  // Without a secret key the card form is the built-in test mode: no one else sees the data.
  if (config.stripe.secretKey) known('stripe');
  if (config.cinetpay) known('cinetpay');
  if (config.wave) known('wave');
  if (config.whatsapp) known('whatsapp');
  if (config.smtpUrl) {
    list.push({ kind: 'email', host: hostOf(config.smtpUrl), countries: config.smtpCountries });
  }
  if (config.s3) {
    const host = config.s3.endpoint ? hostOf(config.s3.endpoint) : `s3.${config.s3.region}.amazonaws.com`;
    list.push({ kind: 'files', host, countries: config.s3.countries });
  }
  return list;
}
