import type { CountrySlug } from '../../../shared/countries';
import type { Locale } from '../../../shared/locale';

/** A paragraph, a bulleted list, or a small heading inside a chapter. */
export type Block = string | { list: readonly string[] } | { heading: string };

export interface Chapter {
  title: string;
  blocks: readonly Block[];
}

/** A short printable companion (checklist, road book) stored as the guide's secondary PDF. */
export interface CompanionSheet {
  fileName: string;
  title: string;
  intro: string;
  sections: readonly { heading: string; items: readonly string[] }[];
}

export interface GuideEdition {
  slug: string;
  title: string;
  /** Shown on the cover above the title, e.g. "Sénégal" or "Morocco". */
  countryLabel: string;
  description: string;
  chapters: readonly Chapter[];
  /** Days before the seed ran; staggers createdAt so "newest first" mixes destinations. */
  daysAgo: number;
  companion?: CompanionSheet;
  /** Captions of full-page photographs added at the end (a light edition worth making). */
  photos?: readonly string[];
}

/** The palette and motif of a cover and of the PDF's first page. */
export type CoverTheme = CountrySlug | 'multi';

export interface GuideSeed {
  theme: CoverTheme;
  price: string;
  isActive: boolean;
  /** Both editions share a translation group when both exist. */
  editions: Partial<Record<Locale, GuideEdition>>;
}
