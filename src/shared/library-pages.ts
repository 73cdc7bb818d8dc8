import type { Locale } from './locale';

/**
 * "My guides": the library a buyer reaches by email, without a password. The page is at
 * /mes-guides in French and /my-guides in English; both addresses show it in the visitor's language.
 * No zod here: the header's link reads this in the first load.
 */
export const LIBRARY_PAGE_PATHS: Record<Locale, string> = { fr: '/mes-guides', en: '/my-guides' };
/** The sign-in link's token travels in the fragment, which no server (nor a mail scanner's GET) receives. */
export const LIBRARY_TOKEN_FRAGMENT = 'token';
