import { eq } from 'drizzle-orm';
import { COUNTRY_SLUGS } from '../../../shared/countries';
import { escapeHtml } from '../../../shared/escape-html';
import { LOCALES, type Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { contentBlocks, travelGuides } from '../../db/schema';

/** Public pages every language has; each is listed once per language. */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/guides',
  ...COUNTRY_SLUGS.map((slug) => `/${slug}`),
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
];

interface SitemapEntry {
  loc: string;
  lastmod?: Date;
  alternates: { locale: Locale; href: string }[];
}

/** Each language version has its own stable URL: French at the plain address, English with ?lang=en. */
export const localisedUrl = (origin: string, path: string, locale: Locale) =>
  `${origin}${path}${locale === 'fr' ? '' : `?lang=${locale}`}`;

export async function buildSitemap(db: Db, origin: string): Promise<string> {
  const [guides, latestContent] = await Promise.all([
    db
      .select({
        slug: travelGuides.slug,
        locale: travelGuides.locale,
        group: travelGuides.translationGroup,
        updatedAt: travelGuides.updatedAt,
      })
      .from(travelGuides)
      .where(eq(travelGuides.isActive, true)),
    db.select({ updatedAt: contentBlocks.updatedAt }).from(contentBlocks),
  ]);
  const contentDate = latestContent.reduce<Date | undefined>(
    (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
    undefined,
  );

  const entries: SitemapEntry[] = [];
  for (const path of PUBLIC_PAGE_PATHS) {
    const alternates = LOCALES.map((locale) => ({ locale, href: localisedUrl(origin, path, locale) }));
    for (const locale of LOCALES) {
      entries.push({ loc: localisedUrl(origin, path, locale), lastmod: contentDate, alternates });
    }
  }
  for (const guide of guides) {
    const editions = guide.group ? guides.filter((g) => g.group === guide.group) : [guide];
    entries.push({
      loc: localisedUrl(origin, `/guides/${guide.slug}`, guide.locale),
      lastmod: guide.updatedAt,
      alternates: editions.map((g) => ({
        locale: g.locale,
        href: localisedUrl(origin, `/guides/${g.slug}`, g.locale),
      })),
    });
  }

  const urls = entries.map((entry) => {
    const links = entry.alternates
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.locale}" href="${escapeHtml(a.href)}"/>`)
      .join('');
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeHtml(entry.loc)}</loc>${lastmod}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /api/images/',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /checkout',
    'Disallow: /order-confirmation/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
