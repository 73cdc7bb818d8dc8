import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Locale } from '../../../shared/locale';
import { PALETTES } from './cover-art';
import type { Chapter, CompanionSheet, CoverTheme } from './seed-types';

/** A5 portrait, the size of a printed pocket guide and comfortable on a phone screen. */
const PAGE: [number, number] = [420, 595];
const MARGIN_X = 44;
const TOP = PAGE[1] - 56;
const BOTTOM = 58;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN_X;
const BODY_SIZE = 10.5;
const BODY_LEADING = 15;

const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.42, 0.45);
const WHITE = rgb(1, 1, 1);

const LABELS: Record<
  Locale,
  {
    toc: string;
    chapter: string;
    edition: string;
    language: string;
    backTitle: string;
    backText: readonly string[];
  }
> = {
  fr: {
    toc: 'Sommaire',
    chapter: 'Chapitre',
    edition: 'Édition 2026',
    language: 'Guide en français',
    backTitle: 'À propos de ce guide',
    backText: [
      'Ce guide a été écrit et vérifié sur place par l’équipe de Guides Afrique. Les prix indiqués sont des ordres de grandeur relevés pour l’édition 2026 : ils servent à préparer un budget, pas à négocier au franc près.',
      'Nous mettons chaque guide à jour au moins une fois par an ; l’année de l’édition figure en couverture. Vos liens de téléchargement se régénèrent à tout moment depuis votre page de commande.',
      'Une adresse a fermé, un tarif a changé, une information vous a manqué ? Écrivez-nous depuis la page Contact du site : nous répondons en général sous 24 heures et chaque remarque améliore l’édition suivante.',
      '© 2026 Guides Afrique. Ce fichier est destiné à votre usage personnel : merci de ne pas le diffuser.',
    ],
  },
  en: {
    toc: 'Contents',
    chapter: 'Chapter',
    edition: '2026 edition',
    language: 'English edition',
    backTitle: 'About this guide',
    backText: [
      'This guide was written and checked on the ground by the Guides Afrique team. Prices are typical amounts noted for the 2026 edition: use them to plan a budget, not to haggle over the last coin.',
      'We update every guide at least once a year; the edition year is on the cover. You can generate fresh download links at any time from your order page.',
      'A place has closed, a fare has changed, something was missing? Write to us from the Contact page of the website: we usually reply within 24 hours, and every note makes the next edition better.',
      '© 2026 Guides Afrique. This file is for your personal use: please do not share it.',
    ],
  },
};

function hexToColor(hex: string): Color {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Characters the standard fonts cannot encode (WinAnsi) would make pdf-lib throw, so they are replaced first. */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': ' ',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u2011': '-',
  '\u2212': '-',
  '\u014b': 'ng',
  '\u014a': 'Ng',
  '\u2192': '->',
  '\u2248': '~',
  '\u2264': '<=',
  '\u2265': '>=',
};

function makeSanitiser(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text, (ch) => {
      const code = ch.codePointAt(0)!;
      if (supported.has(code) || ch === '\n') return ch;
      if (REPLACEMENTS[ch] !== undefined) return REPLACEMENTS[ch];
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return Array.from(base).every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
    }).join('');
}

function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  serifBold: PDFFont;
  italic: PDFFont;
}

/** Flows blocks of text down the pages, opening a new page when the current one is full. */
class PageWriter {
  y = TOP;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly clean: (text: string) => string,
    private readonly accent: Color,
    public page: PDFPage,
  ) {}

  newPage(): PDFPage {
    this.page = this.doc.addPage(PAGE);
    this.y = TOP;
    return this.page;
  }

  private ensure(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  lines(
    text: string,
    options: { font: PDFFont; size: number; leading: number; color?: Color; indent?: number },
  ) {
    const indent = options.indent ?? 0;
    for (const line of wrapText(this.clean(text), options.font, options.size, TEXT_WIDTH - indent)) {
      this.ensure(options.leading);
      this.y -= options.leading;
      this.page.drawText(line, {
        x: MARGIN_X + indent,
        y: this.y,
        size: options.size,
        font: options.font,
        color: options.color ?? INK,
      });
    }
  }

  /** A coloured band, a small label and a large title at the top of a fresh page. */
  opening(label: string, title: string, options: { newPage: boolean }): void {
    if (options.newPage) this.newPage();
    this.page.drawRectangle({ x: 0, y: PAGE[1] - 14, width: PAGE[0], height: 14, color: this.accent });
    this.y -= 4;
    this.lines(label.toUpperCase(), { font: this.fonts.bold, size: 9, leading: 12, color: this.accent });
    this.y -= 6;
    this.lines(title, { font: this.fonts.serifBold, size: 21, leading: 25 });
    this.y -= 10;
    this.page.drawRectangle({ x: MARGIN_X, y: this.y, width: 48, height: 3, color: this.accent });
    this.y -= 12;
  }

  paragraph(text: string): void {
    this.ensure(BODY_LEADING * 2);
    this.lines(text, { font: this.fonts.regular, size: BODY_SIZE, leading: BODY_LEADING });
    this.y -= 7;
  }

  heading(text: string): void {
    // Keep a heading with at least two lines of what follows it.
    this.ensure(18 + BODY_LEADING * 2);
    this.y -= 4;
    this.lines(text, { font: this.fonts.bold, size: 12, leading: 16, color: this.accent });
    this.y -= 3;
  }

  list(items: readonly string[]): void {
    for (const item of items) {
      const wrapped = wrapText(this.clean(item), this.fonts.regular, BODY_SIZE, TEXT_WIDTH - 14);
      this.ensure(BODY_LEADING * Math.min(wrapped.length, 2));
      this.y -= BODY_LEADING;
      this.page.drawText('•', {
        x: MARGIN_X + 2,
        y: this.y,
        size: BODY_SIZE,
        font: this.fonts.bold,
        color: this.accent,
      });
      this.y += BODY_LEADING;
      this.lines(item, { font: this.fonts.regular, size: BODY_SIZE, leading: BODY_LEADING, indent: 14 });
      this.y -= 3;
    }
    this.y -= 5;
  }

  /** A line to tick on paper: an empty box, then the wrapped text. */
  checkItem(item: string): void {
    const size = 10;
    const leading = 14.5;
    const wrapped = wrapText(this.clean(item), this.fonts.regular, size, TEXT_WIDTH - 18);
    this.ensure(leading * wrapped.length);
    this.page.drawRectangle({
      x: MARGIN_X + 1,
      y: this.y - leading - 1,
      width: 9,
      height: 9,
      borderColor: this.accent,
      borderWidth: 1,
    });
    this.lines(item, { font: this.fonts.regular, size, leading, indent: 18 });
    this.y -= 4;
  }
}

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [regular, bold, serifBold, italic] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.TimesRomanBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
  ]);
  return { regular, bold, serifBold, italic };
}

export interface GuidePdfInput {
  locale: Locale;
  theme: CoverTheme;
  title: string;
  countryLabel: string;
  /** Printed under the table of contents. */
  description: string;
  chapters: readonly Chapter[];
}

function drawCoverPage(
  doc: PDFDocument,
  fonts: Fonts,
  clean: (t: string) => string,
  input: GuidePdfInput,
): void {
  const palette = PALETTES[input.theme];
  const [width, height] = PAGE;
  const page = doc.addPage(PAGE);
  const labels = LABELS[input.locale];
  page.drawRectangle({ x: 0, y: 0, width, height, color: hexToColor(palette.background) });
  // A simple geometric motif echoing the WebP cover.
  const accent = hexToColor(palette.accent);
  for (let i = 0; i < 4; i++) {
    page.drawCircle({
      x: width / 2,
      y: height - 190,
      size: 120 - i * 24,
      borderColor: accent,
      borderWidth: 2.5,
      borderOpacity: 0.4 + i * 0.15,
    });
  }
  page.drawCircle({ x: width / 2, y: height - 190, size: 40, color: accent });
  page.drawRectangle({ x: 0, y: 0, width, height: 250, color: hexToColor(palette.deep) });
  page.drawText('GUIDES AFRIQUE', { x: 36, y: height - 40, size: 10, font: fonts.bold, color: WHITE });
  page.drawRectangle({ x: 36, y: 222, width: 46, height: 4, color: accent });
  page.drawText(clean(input.countryLabel.toUpperCase()), {
    x: 36,
    y: 200,
    size: 13,
    font: fonts.bold,
    color: accent,
  });
  const titleSize = input.title.length > 42 ? 22 : 27;
  let y = 172;
  for (const line of wrapText(clean(input.title), fonts.serifBold, titleSize, width - 72)) {
    page.drawText(line, { x: 36, y, size: titleSize, font: fonts.serifBold, color: WHITE });
    y -= titleSize * 1.15;
  }
  page.drawText(clean(`${labels.language} · ${labels.edition}`), {
    x: 36,
    y: 36,
    size: 10,
    font: fonts.regular,
    color: WHITE,
  });
}

function drawToc(
  page: PDFPage,
  fonts: Fonts,
  clean: (t: string) => string,
  heading: string,
  entries: { title: string; page: number }[],
  accent: Color,
  summary: string,
): void {
  page.drawRectangle({ x: 0, y: PAGE[1] - 14, width: PAGE[0], height: 14, color: accent });
  page.drawText(heading, { x: MARGIN_X, y: TOP - 24, size: 24, font: fonts.serifBold, color: INK });
  page.drawRectangle({ x: MARGIN_X, y: TOP - 38, width: 48, height: 3, color: accent });
  let y = TOP - 74;
  const size = 11.5;
  entries.forEach((entry, i) => {
    const number = `${i + 1}`;
    const pageLabel = String(entry.page);
    const pageWidth = fonts.bold.widthOfTextAtSize(pageLabel, size);
    const titleX = MARGIN_X + 22;
    const titleMax = TEXT_WIDTH - 22 - pageWidth - 24;
    const lines = wrapText(clean(entry.title), fonts.regular, size, titleMax);
    page.drawText(number, { x: MARGIN_X, y, size, font: fonts.bold, color: accent });
    lines.forEach((line, li) => {
      page.drawText(line, { x: titleX, y: y - li * 15, size, font: fonts.regular, color: INK });
    });
    const lastY = y - (lines.length - 1) * 15;
    const lastWidth = fonts.regular.widthOfTextAtSize(lines.at(-1) ?? '', size);
    const leaderStart = titleX + lastWidth + 6;
    const leaderEnd = PAGE[0] - MARGIN_X - pageWidth - 6;
    // Measured glyph by glyph: pdf-lib's width of '. ' includes a kerning pair that drawText does not apply.
    const dotWidth = fonts.regular.widthOfTextAtSize('.', size);
    const unit = dotWidth + fonts.regular.widthOfTextAtSize(' ', size);
    const dots = Math.max(0, Math.floor((leaderEnd - leaderStart + unit - dotWidth) / unit));
    const leader = '. '.repeat(dots).trimEnd();
    // Right-aligned, so the dots end just before the page number.
    const leaderX = leaderEnd - (dots * unit - (unit - dotWidth));
    page.drawText(leader, { x: leaderX, y: lastY, size, font: fonts.regular, color: MUTED });
    page.drawText(pageLabel, {
      x: PAGE[0] - MARGIN_X - pageWidth,
      y: lastY,
      size,
      font: fonts.bold,
      color: INK,
    });
    y = lastY - 27;
  });
  // What the guide covers, under the chapter list, as on the back of a printed guide.
  y -= 6;
  page.drawLine({ start: { x: MARGIN_X, y }, end: { x: MARGIN_X + 48, y }, thickness: 0.8, color: MUTED });
  y -= 8;
  for (const line of wrapText(clean(summary), fonts.italic, 10, TEXT_WIDTH)) {
    y -= 14;
    page.drawText(line, { x: MARGIN_X, y, size: 10, font: fonts.italic, color: MUTED });
  }
}

function drawFooters(doc: PDFDocument, fonts: Fonts, clean: (t: string) => string, title: string): void {
  const pages = doc.getPages();
  // Long titles are cut at a word so the running footer stays on one line.
  const short =
    title.length > 52 ? `${title.slice(0, title.lastIndexOf(' ', 50)).replace(/[\s:,&]+$/, '')}…` : title;
  const label = clean(short);
  pages.forEach((page, i) => {
    if (i === 0) return;
    page.drawLine({
      start: { x: MARGIN_X, y: 40 },
      end: { x: PAGE[0] - MARGIN_X, y: 40 },
      thickness: 0.5,
      color: MUTED,
    });
    page.drawText(label, { x: MARGIN_X, y: 26, size: 8, font: fonts.italic, color: MUTED });
    const number = String(i + 1);
    page.drawText(number, {
      x: PAGE[0] - MARGIN_X - fonts.bold.widthOfTextAtSize(number, 9),
      y: 26,
      size: 9,
      font: fonts.bold,
      color: INK,
    });
  });
}

/**
 * The edition's date rather than the moment the file was made (pdf-lib's default): the same sources
 * make the same bytes, so the build can make them once and no build date is baked in.
 */
export const EDITION_DATE = new Date('2026-01-01T00:00:00Z');

function stampEditionDate(doc: PDFDocument): void {
  doc.setCreationDate(EDITION_DATE);
  doc.setModificationDate(EDITION_DATE);
}

/** Cover, table of contents, one chapter per section, a closing page; page numbers in the footer. */
export async function buildGuidePdf(input: GuidePdfInput): Promise<{ bytes: Buffer; pageCount: number }> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const clean = makeSanitiser(fonts.regular);
  const accent = hexToColor(PALETTES[input.theme].second);
  const labels = LABELS[input.locale];

  drawCoverPage(doc, fonts, clean, input);
  const tocPage = doc.addPage(PAGE);

  const writer = new PageWriter(doc, fonts, clean, accent, tocPage);
  const entries: { title: string; page: number }[] = [];
  input.chapters.forEach((chapter, i) => {
    writer.opening(`${labels.chapter} ${i + 1}`, chapter.title, { newPage: true });
    entries.push({ title: chapter.title, page: doc.getPageCount() });
    for (const block of chapter.blocks) {
      if (typeof block === 'string') writer.paragraph(block);
      else if ('list' in block) writer.list(block.list);
      else writer.heading(block.heading);
    }
  });
  writer.opening(input.countryLabel, labels.backTitle, { newPage: true });
  for (const text of labels.backText) writer.paragraph(text);

  drawToc(tocPage, fonts, clean, labels.toc, entries, accent, input.description);
  drawFooters(doc, fonts, clean, input.title);

  doc.setTitle(clean(input.title));
  doc.setAuthor('Guides Afrique');
  doc.setSubject(clean(`${input.countryLabel} · ${labels.edition}`));
  doc.setLanguage(input.locale === 'fr' ? 'fr-FR' : 'en-GB');
  doc.setCreator('Guides Afrique');
  stampEditionDate(doc);
  const bytes = Buffer.from(await doc.save());
  return { bytes, pageCount: doc.getPageCount() };
}

/** A one- or two-page printable checklist with tick boxes. */
export async function buildCompanionPdf(
  sheet: CompanionSheet,
  theme: CoverTheme,
  locale: Locale,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const clean = makeSanitiser(fonts.regular);
  const accent = hexToColor(PALETTES[theme].second);
  const writer = new PageWriter(doc, fonts, clean, accent, doc.addPage(PAGE));
  writer.opening(LABELS[locale].edition, sheet.title, { newPage: false });
  writer.lines(sheet.intro, { font: fonts.italic, size: 9.5, leading: 13, color: MUTED });
  writer.y -= 6;
  for (const section of sheet.sections) {
    writer.heading(section.heading);
    for (const item of section.items) writer.checkItem(item);
  }
  drawFooters(doc, fonts, clean, `${sheet.title} · ${LABELS[locale].edition}`);
  doc.setTitle(clean(sheet.title));
  doc.setAuthor('Guides Afrique');
  doc.setLanguage(locale === 'fr' ? 'fr-FR' : 'en-GB');
  stampEditionDate(doc);
  return Buffer.from(await doc.save());
}
