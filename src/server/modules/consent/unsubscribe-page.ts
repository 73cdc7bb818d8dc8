import { escapeHtml } from '../../../shared/escape-html';
import type { Locale } from '../../../shared/locale';
/** Whose messages stop, as the page tells it. */
export interface UnsubscribeTarget {
  address: string;
  locale: Locale;
}

const copy = {
  fr: {
    title: 'Se désinscrire – Guides Afrique',
    ask: (address: string) =>
      `Ne plus recevoir les nouveautés de Guides Afrique ni les avis de nouvelle édition à ${address}\u00a0?`,
    button: 'Me désinscrire',
    done: (address: string) =>
      `C’est fait\u00a0: nous n’enverrons plus de nouveautés ni d’avis de nouvelle édition à ${address}.`,
    still: 'Les messages de vos commandes (vos guides, vos factures, nos réponses) continuent.',
  },
  en: {
    title: 'Unsubscribe – Guides Afrique',
    ask: (address: string) => `Stop Guides Afrique news and new-edition notices to ${address}?`,
    button: 'Unsubscribe me',
    done: (address: string) => `Done: we will send no more news or new-edition notices to ${address}.`,
    still: 'Messages about your orders (your guides, your invoices, our replies) still come.',
  },
} satisfies Record<Locale, unknown>;

const page = (locale: Locale, title: string, body: string) =>
  `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;

/** The page of the link: one button that posts back to the same address; no script needed. */
export function unsubscribeAskPage(target: UnsubscribeTarget, action: string): string {
  const t = copy[target.locale];
  return page(
    target.locale,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.ask(target.address))}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.button)}</button></form>`,
  );
}

/** What the buyer sees once the address is off the list. */
export function unsubscribedPage(target: UnsubscribeTarget): string {
  const t = copy[target.locale];
  return page(
    target.locale,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.done(target.address))}</p><p>${escapeHtml(t.still)}</p>`,
  );
}

/** Why a link opened in a browser could not be followed, in both languages (a bad link carries none). */
const refusals = {
  404: [
    'Ce lien ne mène plus à rien\u00a0: sa commande n’existe plus.',
    'This link leads nowhere now: its order no longer exists.',
  ],
  429: [
    'Trop d’essais en peu de temps\u00a0: réessayez dans une minute.',
    'Too many tries in a short time: try again in a minute.',
  ],
  other: [
    'Ce lien de désinscription n’est pas valide\u00a0: il a peut-être été coupé ou mal recopié. Ouvrez-le depuis le message reçu, ou répondez à ce message pour être désinscrit.',
    'This unsubscribe link is not valid: it may have been cut or mistyped. Open it from the message you received, or reply to that message to be unsubscribed.',
  ],
} as const;

/** The page a person sees when the link they opened is refused (the JSON answer stays for programs). */
export function unsubscribeRefusedPage(status: number): string {
  const [fr, en] = status === 404 || status === 429 ? refusals[status] : refusals.other;
  return page(
    'fr',
    `${copy.fr.title} / ${copy.en.title}`,
    `<h1>${escapeHtml(copy.fr.title)}</h1><p>${escapeHtml(fr)}</p><h2 lang="en">${escapeHtml(copy.en.title)}</h2><p lang="en">${escapeHtml(en)}</p>`,
  );
}
