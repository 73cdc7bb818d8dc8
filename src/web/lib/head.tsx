import { createContext, useContext, useEffect } from 'react';
import { escapeHtml } from '../../shared/escape-html';

export interface HeadData {
  title: string;
  description: string;
  /** Path of the canonical URL, without the language parameter. */
  path?: string;
  /** Paths of this page in each language, when they differ (a guide and its translation). */
  alternates?: Partial<Record<'fr' | 'en', string>>;
  noindex?: boolean;
  /** Paths of the list's previous and next pages, without the language parameter. */
  prev?: string;
  next?: string;
  /** Extra tags (Open Graph, JSON-LD), server-rendered as-is. */
  extra?: string;
}

/** On the server, pages write their head here; the server puts it into <head>. */
export const HeadCollectorContext = createContext<{ data?: HeadData } | null>(null);

/** Sets the page's title and description: collected during server rendering, applied on the client. */
export function Head(props: HeadData) {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.data = props;
  useEffect(() => {
    document.title = props.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', props.description);
  }, [props.title, props.description]);
  return null;
}

/** How Open Graph writes each language. */
export const OG_LOCALES = { fr: 'fr_FR', en: 'en_GB' } as const;

/** The picture a shared link to a page without a cover of its own shows: the shop's icon. */
export const SHARE_IMAGE_PATH = '/icons/icon-512.png';

/** Open Graph and Twitter card tags: what WhatsApp, Facebook and X show for a shared link. */
export function socialTags(card: {
  title: string;
  description: string;
  url?: string;
  image?: string;
  /** Covers are WebP; the shop's own picture is PNG. */
  imageType?: string;
  /** What the image shows, for readers that do not see it. */
  imageAlt?: string;
  price?: string;
  /** The page's language, as Open Graph writes it (fr_FR). */
  locale?: string;
}) {
  const tags: [string, string, string][] = [
    ['property', 'og:type', card.price ? 'product' : 'website'],
    ['property', 'og:site_name', 'Guides Afrique'],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
  ];
  if (card.url) tags.push(['property', 'og:url', card.url]);
  if (card.locale) tags.push(['property', 'og:locale', card.locale]);
  if (card.image) {
    tags.push(['property', 'og:image', card.image], ['name', 'twitter:image', card.image]);
    // Covers are served as WebP only; WhatsApp, Facebook and X read it.
    tags.push(['property', 'og:image:type', card.imageType ?? 'image/webp']);
    if (card.imageAlt)
      tags.push(['property', 'og:image:alt', card.imageAlt], ['name', 'twitter:image:alt', card.imageAlt]);
  }
  if (card.price) {
    tags.push(
      ['property', 'product:price:amount', card.price],
      ['property', 'product:price:currency', 'EUR'],
    );
  }
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
    .join('\n    ');
}

/** A JSON-LD block that cannot close its <script> tag whatever the data holds. */
export function jsonLd(data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  return `<script type="application/ld+json">${json}</script>`;
}
