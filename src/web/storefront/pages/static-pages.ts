/** The static pages' names and content keys, apart from the page's code, which loads when one is opened. */
export const STATIC_PAGES = ['about', 'contact', 'faq', 'privacy', 'terms'] as const;
export type StaticPageName = (typeof STATIC_PAGES)[number];

export const staticContentKeys = (page: StaticPageName) => `page.${page}.*`;
