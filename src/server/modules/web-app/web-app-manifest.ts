import { z } from 'zod';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/locale';

/** Where the installed app may open: an order page, or the library in either language. */
const START_PAGE = /^\/(order-confirmation\/[A-Za-z0-9_-]{10,64}|mes-guides|my-guides)$/;

export const manifestQuery = z.object({
  start: z.string().max(100).regex(START_PAGE, 'must be an order page or the library').optional(),
  lang: z.string().max(5).optional(),
});

const DESCRIPTION: Record<Locale, string> = {
  fr: 'Vos guides de voyage, même sans connexion.',
  en: 'Your travel guides, even without a connection.',
};

/**
 * The web app manifest: name, icons (192, 512 and a maskable one), the page it opens on, in the
 * buyer's language. Its scope is the whole shop, so links to the catalogue stay in the app's window;
 * the service worker has its own, narrower scopes (register-offline.ts).
 */
export function webAppManifest(query: z.infer<typeof manifestQuery>) {
  const lang = isLocale(query.lang) ? query.lang : DEFAULT_LOCALE;
  return {
    id: '/app',
    name: 'Guides Afrique',
    short_name: 'Guides Afrique',
    description: DESCRIPTION[lang],
    lang,
    start_url: query.start ?? (lang === 'fr' ? '/mes-guides' : '/my-guides'),
    scope: '/',
    display: 'standalone',
    background_color: '#fafaf9',
    theme_color: '#0f766e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
