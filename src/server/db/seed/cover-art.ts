import { escapeHtml } from '../../../shared/escape-html';
import type { CoverTheme } from './seed-types';

export interface Palette {
  background: string;
  deep: string;
  accent: string;
  second: string;
  ink: string;
}

/** Colours per destination, used by the WebP cover and by page 1 of the PDF. */
export const PALETTES: Record<CoverTheme, Palette> = {
  senegal: { background: '#0E5E4B', deep: '#083D31', accent: '#F2C14E', second: '#D1495B', ink: '#FFFFFF' },
  'cote-divoire': {
    background: '#D9652B',
    deep: '#8A3A14',
    accent: '#FFE8C7',
    second: '#1F7A4D',
    ink: '#FFFFFF',
  },
  maroc: { background: '#9E2A2B', deep: '#5E1516', accent: '#E9B949', second: '#1D6B73', ink: '#FFFFFF' },
  multi: { background: '#1E2A3A', deep: '#111924', accent: '#F2C14E', second: '#D9652B', ink: '#FFFFFF' },
};

export const COVER_WIDTH = 960;
export const COVER_HEIGHT = 1280;

/** Greedy word wrap on an estimated glyph width; SVG text has no wrapping of its own. */
export function wrapByLength(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  // Split on plain spaces only: a no-break space keeps names such as Côte d’Ivoire on one line.
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The title block sits between the country name (baseline 855) and the edition line (baseline 1225). */
const TITLE_AREA_TOP = 880;
const TITLE_AREA_BOTTOM = 1165;
const LINE_HEIGHT = 1.1;
/** Bold serif glyphs (DejaVu Serif Bold where installed) average about 0.63 em across mixed-case text. */
const SERIF_BOLD_EM = 0.63;

/** The biggest title size (from 92 px down) whose wrapped lines fit the title block. */
function fitTitle(title: string): { size: number; lines: string[]; firstBaseline: number } {
  const usable = COVER_WIDTH - 160;
  const wrapAt = (size: number) => wrapByLength(title, Math.floor(usable / (size * SERIF_BOLD_EM)));
  let size = 92;
  let lines = wrapAt(size);
  while (size > 44) {
    lines = wrapAt(size);
    const height = size * 0.8 + (lines.length - 1) * size * LINE_HEIGHT;
    if (TITLE_AREA_TOP + height <= TITLE_AREA_BOTTOM) break;
    size -= 4;
  }
  return { size, lines, firstBaseline: Math.round(TITLE_AREA_TOP + size * 0.8) };
}

/** Letter-spaced capitals: shrink a long country line (the multi-country kit) to the cover width. */
function countryLabelSize(label: string): number {
  const fit = (COVER_WIDTH - 160) / label.length;
  return Math.min(34, Math.floor((fit - 6) / 0.7));
}

function sunMotif(p: Palette, variant: number): string {
  const cx = [480, 340, 620][variant % 3]!;
  const rings = [300, 250, 200, 150]
    .map(
      (r, i) =>
        `<circle cx="${cx}" cy="380" r="${r}" fill="none" stroke="${p.accent}" stroke-width="6" opacity="${0.35 + i * 0.15}"/>`,
    )
    .join('');
  const waves = [0, 1, 2, 3]
    .map((i) => {
      const y = 620 + i * 34;
      return `<path d="M0 ${y} q 60 -26 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0 t 120 0" fill="none" stroke="${i % 2 ? p.accent : p.ink}" stroke-width="8" opacity="0.8"/>`;
    })
    .join('');
  return `${rings}<circle cx="${cx}" cy="380" r="110" fill="${p.accent}"/><rect x="0" y="600" width="960" height="160" fill="${p.deep}" opacity="0.55"/>${waves}`;
}

function lagoonMotif(p: Palette, variant: number): string {
  const stripes = Array.from({ length: 14 }, (_, i) => {
    const x = -400 + i * 110 + (variant % 2) * 40;
    return `<polygon points="${x},0 ${x + 50},0 ${x + 550},760 ${x + 500},760" fill="${p.deep}" opacity="0.18"/>`;
  }).join('');
  const sun = `<path d="M 250 600 A 230 230 0 0 1 710 600 Z" fill="${p.accent}"/>`;
  const palmX = 700 - (variant % 3) * 170;
  const palm = `<path d="M${palmX} 600 C ${palmX + 10} 450 ${palmX + 30} 360 ${palmX + 60} 300" stroke="${p.second}" stroke-width="18" fill="none" stroke-linecap="round"/>${[
    -70, -25, 20, 60, 110,
  ]
    .map(
      (a) =>
        `<ellipse cx="${palmX + 60}" cy="300" rx="120" ry="22" fill="${p.second}" transform="rotate(${a} ${palmX + 60} 300) translate(95 0)"/>`,
    )
    .join('')}`;
  const water = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${80 + i * 40}" y="${640 + i * 40}" width="${800 - i * 80}" height="12" rx="6" fill="${p.accent}" opacity="${0.9 - i * 0.25}"/>`,
    )
    .join('');
  return `${stripes}${sun}${palm}<rect x="0" y="600" width="960" height="160" fill="${p.deep}" opacity="0.5"/>${water}`;
}

/** An eight-pointed zellige star: two squares, one turned by 45 degrees. */
function star(cx: number, cy: number, r: number, fill: string, opacity: number): string {
  const square = (angle: number) =>
    `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" fill="${fill}" opacity="${opacity}" transform="rotate(${angle} ${cx} ${cy})"/>`;
  return square(0) + square(45);
}

function zelligeMotif(p: Palette, variant: number): string {
  const tiles: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 6; col++) {
      const cx = 80 + col * 160 + (row % 2) * 80;
      const cy = 70 + row * 150;
      tiles.push(star(cx, cy, 42, (row + col + variant) % 3 === 0 ? p.accent : p.second, 0.55));
    }
  }
  const archFill = variant % 2 === 0 ? p.accent : p.second;
  const arch = `<path d="M 300 760 L 300 430 A 180 180 0 0 1 660 430 L 660 760 Z" fill="${p.deep}"/><path d="M 340 760 L 340 440 A 140 140 0 0 1 620 440 L 620 760 Z" fill="${archFill}"/>`;
  const centre = variant % 2 === 0 ? p.second : p.accent;
  return `${tiles.join('')}${arch}${star(480, 520, 46, centre, 1)}<circle cx="480" cy="520" r="26" fill="${archFill}"/>`;
}

function compassMotif(p: Palette): string {
  const bands = ['#0E5E4B', '#D9652B', '#9E2A2B']
    .map((c, i) => `<rect x="0" y="${470 + i * 95}" width="960" height="95" fill="${c}"/>`)
    .join('');
  const needle = `<polygon points="480,150 515,380 480,410 445,380" fill="${p.accent}"/><polygon points="480,610 515,380 480,350 445,380" fill="${p.ink}" opacity="0.85"/>`;
  return `${bands}<circle cx="480" cy="380" r="250" fill="${p.deep}" stroke="${p.accent}" stroke-width="10"/><circle cx="480" cy="380" r="200" fill="none" stroke="${p.ink}" stroke-width="3" stroke-dasharray="6 18"/>${needle}`;
}

export interface CoverText {
  title: string;
  countryLabel: string;
  /** e.g. "Guide en français · Édition 2026" */
  edition: string;
  languageBadge: string;
}

/** The cover as SVG: motif on top, then country, a large title and the edition line. */
export function coverSvg(theme: CoverTheme, text: CoverText, variant: number): string {
  const p = PALETTES[theme];
  const motif =
    theme === 'senegal'
      ? sunMotif(p, variant)
      : theme === 'cote-divoire'
        ? lagoonMotif(p, variant)
        : theme === 'maroc'
          ? zelligeMotif(p, variant)
          : compassMotif(p);
  const { size, lines, firstBaseline } = fitTitle(
    text.title.replace(/Côte d(’|')Ivoire/g, 'Côte\u00a0d$1Ivoire'),
  );
  const titleLines = lines
    .map(
      (line, i) =>
        `<tspan x="80" y="${Math.round(firstBaseline + i * size * LINE_HEIGHT)}">${escapeHtml(line)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
<rect width="960" height="1280" fill="${p.background}"/>
<g>${motif}</g>
<rect x="0" y="760" width="960" height="520" fill="${p.deep}"/>
<rect x="80" y="800" width="120" height="10" fill="${p.accent}"/>
<text x="80" y="855" font-family="sans-serif" font-size="${countryLabelSize(text.countryLabel)}" font-weight="bold" letter-spacing="6" fill="${p.accent}">${escapeHtml(text.countryLabel.toUpperCase())}</text>
<text font-family="serif" font-size="${size}" font-weight="bold" fill="${p.ink}">${titleLines}</text>
<text x="80" y="1225" font-family="sans-serif" font-size="28" fill="${p.ink}" opacity="0.85">${escapeHtml(text.edition)}</text>
<rect x="780" y="1186" width="100" height="54" rx="10" fill="${p.accent}"/>
<text x="830" y="1224" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="bold" fill="${p.deep}">${escapeHtml(text.languageBadge)}</text>
<text x="80" y="70" font-family="sans-serif" font-size="26" font-weight="bold" letter-spacing="8" fill="${p.ink}" opacity="0.9">GUIDES AFRIQUE</text>
</svg>`;
}
