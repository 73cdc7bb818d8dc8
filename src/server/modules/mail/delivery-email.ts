import type { Locale } from '../../../shared/locale';
import { discountLine, type OrderDiscount, taxLine } from './discount-line';
import { emailLayout, escapeHtml, paragraphStyle } from './email-layout';

export { escapeHtml };

export interface DeliveryEmailInput {
  locale: Locale;
  firstName: string;
  orderNumber: string;
  /** The order page, which mints fresh download links on every visit: the email never goes stale. */
  orderPageUrl: string;
  /** "My guides": every guide bought with this email, for a buyer who loses this one. */
  libraryUrl: string;
  guides: { title: string; withCompanion: boolean; costs?: { full?: string; light?: string } }[];
  /** Sent again at the shopper's request ("Resend my links"). */
  resend: boolean;
  /** Sent again because the operator corrected the order's address: the email says so. */
  emailChanged?: boolean;
  /** The promo code the order used, shown under its guides. */
  discount?: OrderDiscount;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const copy = {
  fr: {
    subject: (n: string) => `Guides Afrique : vos guides de la commande ${n}`,
    resendSubject: (n: string) => `Vos liens de téléchargement – commande ${n}`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: 'Merci pour votre achat ! Vos guides sont prêts :',
    resendIntro: 'Comme demandé, voici de nouveau l’accès à vos guides :',
    changedSubject: (n: string) => `L’adresse de votre commande a été mise à jour – commande ${n}`,
    changedIntro:
      'L’adresse de votre commande a été mise à jour : vos guides arrivent désormais à cette adresse. Voici l’accès à vos guides :',
    companion: 'avec son PDF complémentaire',
    linkIntro: 'Téléchargez-les depuis la page de votre commande :',
    button: 'Télécharger mes guides',
    note: 'Cette page crée de nouveaux liens de téléchargement à chaque visite : gardez cet e-mail, il reste valable. Chaque PDF porte votre nom et votre numéro de commande.',
    orderNumber: (n: string) => `Numéro de commande\u00a0: ${n}`,
    help: 'Une question ? Répondez simplement à cet e-mail en indiquant votre numéro de commande.',
    library: 'Tous vos guides, toutes commandes confondues, sont aussi dans « Mes guides » :',
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    subject: (n: string) => `Guides Afrique: your guides from order ${n}`,
    resendSubject: (n: string) => `Your download links – order ${n}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: 'Thank you for your purchase! Your guides are ready:',
    resendIntro: 'As requested, here is the way to your guides again:',
    changedSubject: (n: string) => `The email address on your order was updated – order ${n}`,
    changedIntro:
      'The email address on your order was updated: your guides now come to this address. Here is the way to your guides:',
    companion: 'with its companion PDF',
    linkIntro: 'Download them from your order page:',
    button: 'Download my guides',
    note: 'That page makes fresh download links every time you open it, so this email stays valid: keep it. Each PDF carries your name and order number.',
    orderNumber: (n: string) => `Order number: ${n}`,
    help: 'Any question? Just reply to this email with your order number.',
    library: 'All your guides, from every order, are also in "My guides":',
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

/** The delivery email in the order's language, as plain text and as HTML with the same content. */
export function composeDeliveryEmail(input: DeliveryEmailInput): ComposedEmail {
  const t = copy[input.locale];
  const subject = input.emailChanged
    ? t.changedSubject(input.orderNumber)
    : input.resend
      ? t.resendSubject(input.orderNumber)
      : t.subject(input.orderNumber);
  const name = input.firstName.replace(/\s+/g, ' ').trim();
  const intro = input.emailChanged ? t.changedIntro : input.resend ? t.resendIntro : t.intro;
  const guideLine = (g: DeliveryEmailInput['guides'][number]) =>
    g.withCompanion ? `${g.title} (${t.companion})` : g.title;
  // The sizes and what they cost in data, under each guide.
  const costLines = (g: DeliveryEmailInput['guides'][number]) =>
    [g.costs?.full, g.costs?.light].filter((line): line is string => !!line);
  const discount = input.discount ? discountLine(input.locale, input.discount) : null;
  const tax = input.discount ? taxLine(input.locale, input.discount) : null;

  const text = [
    t.greeting(name),
    '',
    intro,
    '',
    ...input.guides.flatMap((g) => [`- ${guideLine(g)}`, ...costLines(g).map((line) => `  ${line}`)]),
    ...(discount ? [discount] : []),
    ...(tax ? [tax] : []),
    '',
    t.linkIntro,
    input.orderPageUrl,
    '',
    t.note,
    '',
    t.library,
    input.libraryUrl,
    '',
    t.orderNumber(input.orderNumber),
    t.help,
    '',
    t.signature,
    '',
  ].join('\n');

  const e = escapeHtml;
  const p = paragraphStyle;
  const body = `<p style="${p}">${e(t.greeting(name))}</p>
<p style="${p}">${e(intro)}</p>
<ul style="${p};padding-left:20px">
${input.guides
  .map(
    (g) =>
      `<li>${e(guideLine(g))}${costLines(g)
        .map((line) => `<br><span style="font-size:14px;color:#4b5563">${e(line)}</span>`)
        .join('')}</li>`,
  )
  .join('\n')}
</ul>
${discount ? `<p style="${p}">${e(discount)}</p>\n` : ''}${tax ? `<p style="${p}">${e(tax)}</p>\n` : ''}<p style="${p}">${e(t.linkIntro)}</p>
<p style="margin:0 0 24px"><a href="${e(input.orderPageUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:16px;font-weight:bold">${e(t.button)}</a></p>
<p style="${p};font-size:14px;color:#4b5563">${e(t.note)}</p>
<p style="${p};font-size:14px;color:#4b5563">${e(t.library)} <a href="${e(input.libraryUrl)}" style="color:#0f766e">${e(input.libraryUrl)}</a></p>
<p style="${p};font-size:14px;color:#4b5563">${e(t.orderNumber(input.orderNumber)).replace(e(input.orderNumber), `<span style="white-space:nowrap">${e(input.orderNumber)}</span>`)}<br>${e(t.help)}</p>
<p style="${p}">${e(t.signature)}</p>
<p style="margin:0;font-size:12px;color:#6b7280;word-break:break-all">${e(input.orderPageUrl)}</p>`;
  const html = emailLayout(input.locale, subject, body);
  return { subject, text, html };
}
