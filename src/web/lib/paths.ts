import type { CountrySlug } from '../../shared/countries';
import { LIBRARY_PAGE_PATHS } from '../../shared/library-pages';
import type { Locale } from '../../shared/locale';

/** Typed link builders: every internal link goes through here. */
export const paths = {
  home: () => '/',
  allGuides: () => '/guides',
  search: (term: string) => `/?${new URLSearchParams({ search: term })}`,
  country: (slug: CountrySlug) => `/${slug}`,
  guide: (slug: string) => `/guides/${slug}`,
  about: () => '/about',
  contact: () => '/contact',
  faq: () => '/faq',
  privacy: () => '/privacy',
  terms: () => '/terms',
  checkout: () => '/checkout',
  order: (publicId: string) => `/order-confirmation/${publicId}`,
  /** "My guides": /mes-guides, /my-guides. */
  library: (locale: Locale) => LIBRARY_PAGE_PATHS[locale],
  admin: (tab: AdminTab = 'analytics') => `/admin/${tab}`,
  /** The Orders tab searching for a text: a customer's orders by their email. */
  adminOrdersMatching: (search: string) => `/admin/orders?${new URLSearchParams({ q: search })}`,
};

/** A page's address in a language: French, the default, lives at the plain address; English adds ?lang=en. */
export function localisedPath(path: string, locale: Locale): string {
  if (locale === 'fr') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
}

export const ADMIN_TABS = [
  'analytics',
  'orders',
  'guides',
  'mobile-money',
  'emails',
  'customers',
  'discounts',
  'reviews',
  'content',
  'media',
  'activity',
  'settings',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
