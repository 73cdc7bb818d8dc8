const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as HTML or XML text, or as a double-quoted attribute value: a name, a title or a query is
 * shown as typed, never read as markup. The one escaper of the shop (pages, emails, PDFs, SVG, sitemap).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}
