import { escapeHtml } from '../../../shared/escape-html';
import { SHOP_FONT_FAMILY, type TypesetPdf, typeset } from './typesetter';

/**
 * The stamp line set in type by the shop's typesetter (typesetter.ts: mupdf's
 * HTML engine, HarfBuzz shaping and bidi, the Noto fonts). The result is a one-page PDF cropped to
 * the line, with only the glyphs used embedded, which stampPdf draws on every page of the guide.
 */

/** A one-page PDF holding the line, its page exactly the line's box. */
export type StampImage = TypesetPdf;

export { StampRenderError, stopWorker } from './typesetter';

export const STAMP_FONT_SIZE = 7;

/** The line as one unwrapped paragraph; `dir="ltr"` because the sentence around the name is French or English. */
export function stampHtml(line: string): string {
  return (
    '<!DOCTYPE html><html><head><style>' +
    `@page{margin:0}body{margin:0;font-family:${SHOP_FONT_FAMILY};font-size:${STAMP_FONT_SIZE}pt;color:#666;white-space:nowrap}p{margin:0}` +
    `</style></head><body><p dir="ltr">${escapeHtml(line)}</p></body></html>`
  );
}

/** An order's PDFs share one line: the last few lines set are kept rather than set again. */
const recent = new Map<string, Promise<StampImage>>();
const RECENT_LINES = 16;

/** The line set in type, as a one-page PDF; StampRenderError if mupdf cannot set it. */
export function renderStampLine(line: string): Promise<StampImage> {
  const known = recent.get(line);
  if (known) return known;
  const rendering = typeset(stampHtml(line), { kind: 'line', fontSize: STAMP_FONT_SIZE });
  recent.set(line, rendering);
  if (recent.size > RECENT_LINES) recent.delete(recent.keys().next().value as string);
  rendering.catch(() => recent.delete(line));
  return rendering;
}
