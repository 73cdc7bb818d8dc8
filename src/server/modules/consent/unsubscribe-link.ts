import { api } from '../../../shared/contracts/endpoints/bound';
import { pathOf } from '../../../shared/contracts/endpoints/path-of';
import type { Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { signUnsubscribeToken, unsubscribeSigningSecret } from './unsubscribe-token';

/** What a message sent without prior consent carries to stop the next one (docs/features/consent.md). */
export interface UnsubscribeLink {
  url: string;
  /** RFC 2369 and RFC 8058: the mail client's own "Unsubscribe" button, one POST, no page. */
  headers: Record<string, string>;
  /** The line above the link in the email's text, in the buyer's language. */
  line: string;
}

const LINE: Record<Locale, string> = {
  fr: 'Ne plus recevoir ces messages (un clic)\u00a0:',
  en: 'Stop these messages (one click):',
};

export async function unsubscribeLink(
  db: Db,
  target: { orderId: string; locale: Locale; origin: string },
): Promise<UnsubscribeLink> {
  const token = signUnsubscribeToken(await unsubscribeSigningSecret(db), {
    channel: 'email',
    orderId: target.orderId,
    locale: target.locale,
  });
  const url = `${target.origin}${pathOf(api.consent.unsubscribe, { token })}`;
  return {
    url,
    line: LINE[target.locale],
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
