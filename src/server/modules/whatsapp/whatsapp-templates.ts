import { formatFcfa, toCents } from '../../../shared/money';
import type { TemplateMessage } from '../../adapters/whatsapp/cloud-api';
import type { WhatsAppSettings } from '../../adapters/whatsapp/whatsapp-settings';
import type { Config } from '../../config';
import type { orders } from '../../db/schema';
import { orderPageUrl } from '../mail/mail.service';
import { paymentUrlFor } from '../payments/payment-url';
import type { WhatsAppMessageKind } from './whatsapp-jobs';

type OrderRow = typeof orders.$inferSelect;
export type TemplateConfig = Pick<Config, 'publicUrl' | 'port' | 'mailFrom' | 'mobileMoney'>;

/**
 * The Cloud API refuses a parameter with a new line, a tab or more than four spaces in a row
 * (#132018), which a name could carry: one space each.
 */
export const templateText = (text: string) => text.replace(/[\r\n\t]+/g, ' ').replace(/ {4,}/g, ' ');

/** "+225 07 00 00 00 00" → "2250700000000": the Cloud API's `to`, E.164 without the +. */
export const whatsappNumber = (phone: string) => phone.replace(/\D/g, '');

/**
 * The template and its body parameters for an order, in the order's language (the language code
 * the template was approved under): paid → the order page, where the guides are; mobile money
 * placed → the reference, the amount and where to pay.
 */
export function composeTemplate(
  config: TemplateConfig,
  settings: WhatsAppSettings,
  kind: WhatsAppMessageKind,
  order: OrderRow,
): TemplateMessage {
  const language = order.locale === 'en' ? settings.languageEn : settings.languageFr;
  const common = { to: whatsappNumber(order.phoneNumber), language };
  if (kind === 'order-paid') {
    return {
      ...common,
      template: settings.orderPaidTemplate,
      bodyParameters: [order.firstName, order.orderNumber, orderPageUrl(config, order)].map(templateText),
    };
  }
  const reference = order.mobileMoneyReference ?? '';
  const totalCents = toCents(order.total);
  return {
    ...common,
    template: settings.mobileMoneyPlacedTemplate,
    bodyParameters: [
      order.firstName,
      order.orderNumber,
      reference,
      formatFcfa(totalCents, order.locale),
      paymentUrlFor(config.mobileMoney.paymentUrl, { reference, totalCents }),
    ].map(templateText),
  };
}
