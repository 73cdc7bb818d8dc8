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
