import './styles.css';
import { useCallback, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { isLocale, LOCALE_STORAGE_KEY, type Locale } from '../shared/locale';
import { SSR_STATE_KEY } from '../shared/ssr';
import { watchPageViews } from './analytics/load-tracker';
import { AppShell } from './app/app-shell';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadPage } from './app/routes';
import { loadLocale } from './i18n';
import { createApiClient } from './lib/api';
import type { AppDeps } from './lib/deps';
import type { DehydratedQuery } from './lib/query-client';

declare global {
  interface Window {
    [SSR_STATE_KEY]?: { locale: Locale; queries: DehydratedQuery[] };
  }
}

const state = window[SSR_STATE_KEY];
const queryClient = createQueryClient();
if (state) queryClient.hydrate(state.queries);

let currentLocale: Locale = isLocale(state?.locale) ? state.locale : 'fr';
const deps: AppDeps = {
  api: createApiClient(window.fetch.bind(window)),
  queryClient,
  getLocale: () => currentLocale,
  origin: window.location.origin,
};

/** Stores the choice where the server reads it (cookie) and where the spec keeps it (localStorage). */
function persistLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the cookie still carries the choice
  }
  document.documentElement.lang = locale;
}

/**
 * A language kept in localStorage with no cookie (the cookie cleared or expired, or stored by an older
 * version of the shop): the server rendered French, so switch to it now and write the cookie, which
 * makes the next page load render it (spec §4 "a stored preference is loaded at startup").
 */
function storedOnlyLocale(): Locale | null {
  if (new URL(window.location.href).searchParams.has('lang')) return null;
  const cookie = document.cookie.split(';').some((c) => c.trim().startsWith(`${LOCALE_STORAGE_KEY}=`));
  if (cookie) return null;
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) && stored !== currentLocale ? stored : null;
  } catch {
    return null;
  }
}

function App() {
  const [locale, setLocaleState] = useState<Locale>(currentLocale);
  const setLocale = useCallback(async (next: Locale) => {
    await loadLocale(next);
    currentLocale = next;
    persistLocale(next);
    setLocaleState(next);
    // A ?lang= in the address would switch the language back on reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      window.history.replaceState(window.history.state, '', url);
    }
  }, []);
  useEffect(() => {
    const stored = storedOnlyLocale();
    if (stored) setLocale(stored);
  }, [setLocale]);
  return (
    <AppShell deps={deps} locale={locale} setLocale={setLocale}>
      <Router>
        <AppRoutes />
      </Router>
    </AppShell>
  );
}

// Before anything else: a page left even before hydration is counted.
const pageViews = watchPageViews();

// The page's language must be loaded before hydrating, or the first render would not match the HTML.
// A page whose code loads on demand is loaded first, so that hydration finds it (app/routes.tsx).
// The offline shell (scripts/offline-worker.mjs) has no server HTML to hydrate: it is drawn here instead.
Promise.all([loadLocale(currentLocale), preloadPage(window.location.pathname)]).then(() => {
  const root = document.getElementById('root')!;
  if (state) hydrateRoot(root, <App />);
  else createRoot(root).render(<App />);
  pageViews.loadTrackerWhenIdle();
});
