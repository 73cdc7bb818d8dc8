import { escapeHtml } from '../../../shared/escape-html';

export { escapeHtml };

/** The style of a body paragraph, shared so every email reads the same. */
export const paragraphStyle = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937';

/**
 * The HTML shell every email wears: a centred white card on a pale page, in the email's language.
 * `body` is markup already escaped by the caller; the subject is escaped here.
 */
export function emailLayout(locale: string, subject: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${e(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>
</body>
</html>
`;
}
