export const COUNTRY_SLUGS = ['cote-divoire', 'senegal', 'maroc'] as const;
export type CountrySlug = (typeof COUNTRY_SLUGS)[number];

/** Keywords from the spec (country pages); matched after normalising both sides. */
export const COUNTRY_KEYWORDS: Record<CountrySlug, readonly string[]> = {
  'cote-divoire': ['cote divoire', "cote d'ivoire", 'ivory coast'],
  senegal: ['senegal'],
  maroc: ['maroc', 'morocco', 'marruecos'],
};

export function isCountrySlug(value: string): value is CountrySlug {
  return (COUNTRY_SLUGS as readonly string[]).includes(value);
}

/** Lower-cases, strips accents, and drops spaces, hyphens, apostrophes and other punctuation. */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const NORMALISED_KEYWORDS = Object.fromEntries(
  COUNTRY_SLUGS.map((slug) => [slug, COUNTRY_KEYWORDS[slug].map(normaliseForMatch)]),
) as Record<CountrySlug, string[]>;

/**
 * A guide belongs to a country when its title, description or file name holds one of its keywords,
 * each field on its own: a keyword is never read across the end of one and the start of the next.
 */
export function guideMatchesCountry(
  guide: { title: string; description: string; fileName?: string | null },
  country: CountrySlug,
): boolean {
  const fields = [guide.title, guide.description, guide.fileName ?? ''].map(normaliseForMatch);
  return NORMALISED_KEYWORDS[country].some((keyword) => fields.some((field) => field.includes(keyword)));
}
