import type { ComposedEmail } from './delivery-email';
import { emailLayout, escapeHtml, paragraphStyle } from './email-layout';

/** A paragraph of an email, or a link on a line of its own. */
export type EmailBlock = string | { link: string };

/** Plain paragraphs and links, in order, as text and as the same HTML; `link` comes last. */
export function compose(
  locale: string,
  subject: string,
  paragraphs: EmailBlock[],
  link?: string,
): ComposedEmail {
  const blocks: EmailBlock[] = [...paragraphs, ...(link ? [{ link }] : [])];
  const text = blocks.flatMap((b) => [typeof b === 'string' ? b : b.link, '']).join('\n');
  const e = escapeHtml;
  const p = paragraphStyle;
  const body = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p style="${p}">${e(b)}</p>`
        : `<p style="${p};word-break:break-all"><a href="${e(b.link)}" style="color:#0f766e">${e(b.link)}</a></p>`,
    )
    .join('\n');
  const html = emailLayout(locale, subject, body);
  return { subject, text, html };
}
