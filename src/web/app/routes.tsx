import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoute, Redirect, Route, Switch } from 'wouter';
import { COUNTRY_SLUGS } from '../../shared/countries';
import { COUNTRY_PAGE_SIZE } from '../../shared/guide-pages';
import { LIBRARY_PAGE_PATHS } from '../../shared/library-pages';
import { AdminEntry } from '../admin/admin-entry';
import type { AppDeps } from '../lib/deps';
import { ADMIN_TABS, paths } from '../lib/paths';
import { queries } from '../lib/queries';
import { type ListingQuery, listingQuery } from '../storefront/catalogue/guide-listing';
import { GuidePage } from '../storefront/catalogue/guide-page';
import { CountryPage, countryContentKeys } from '../storefront/country/country-page';
import { HOME_CONTENT_KEYS, HomePage, homeListingQuery, searchTermFrom } from '../storefront/home/home-page';
import { LAYOUT_CONTENT_KEYS, StorefrontLayout } from '../storefront/layout/storefront-layout';
import { NotFoundPage } from '../storefront/not-found/not-found-page';
import { STATIC_PAGES, staticContentKeys } from '../storefront/pages/static-pages';

interface RouteMatch {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/** A storefront page: its component, and the data to have in the cache before it renders on the server. */
interface StorefrontRoute {
  path: string;
  component: ComponentType;
  /** A buyer's own page: never kept by a browser or a shared cache, whatever spelling reached it. */
  personal?: boolean;
  prefetch?(deps: AppDeps, match: RouteMatch): Promise<{ status?: number } | undefined>;
}

// Pages a shopper reaches only after the first page: their code loads when they are opened
// (server rendering still renders them whole).
/**
 * A page whose code loads when it is opened, and which the browser can load before hydrating when
 * the page is the first one (preloadPage): hydrating a lazy part that is still loading while the
 * cart fills in made React drop the server's HTML and show a blank area for seconds on a slow phone.
 */
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, never during a render
  const Page = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return { Page, preload };
}

const checkout = lazyPage(() => import('../storefront/checkout/checkout-page'));
const order = lazyPage(() => import('../storefront/order/order-page'));
const library = lazyPage(() => import('../storefront/library/library-page'));
// The static pages (FAQ, contact…) are never the catalogue's first load: their code loads with them.
const staticPage = lazyPage(() => import('../storefront/pages/static-page'));
const StaticPage = staticPage.Page;
const CheckoutPage = checkout.Page;
const OrderPage = order.Page;
const LibraryPage = library.Page;

/** Loads the code of the page at `pathname` when it is one loaded on demand (before hydrating it). */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/checkout') return checkout.preload();
  if (path.startsWith('/order-confirmation/')) return order.preload();
  if ((Object.values(LIBRARY_PAGE_PATHS) as string[]).includes(path)) return library.preload();
  if ((STATIC_PAGES as readonly string[]).includes(path.slice(1))) return staticPage.preload();
  return Promise.resolve();
}
const pageFallback = <div className="min-h-[60vh]" />;

const content = (deps: AppDeps, keys: string) =>
  deps.queryClient.ensureQueryData(queries.content(deps.api, deps.getLocale(), keys));
/** A list's page as its component asks for it; past the last page, the 404 status. */
const guideList = async (deps: AppDeps, query: ListingQuery, search: URLSearchParams) => {
  const asked = listingQuery(query, search);
  const page = await deps.queryClient.ensureQueryData(
    queries.guidePage(deps.api, { locale: deps.getLocale(), ...asked }),
  );
  return asked.page > page.pageCount ? { status: 404 } : undefined;
};

const homePrefetch =
  (showAll: boolean): StorefrontRoute['prefetch'] =>
  async (deps, match) => {
    const term = searchTermFrom(match.search);
    const [, status] = await Promise.all([
      content(deps, HOME_CONTENT_KEYS),
      guideList(deps, homeListingQuery(term, showAll), match.search),
    ]);
    return status;
  };

export const STOREFRONT_ROUTES: StorefrontRoute[] = [
  { path: '/', component: HomePage, prefetch: import.meta.env.SSR ? homePrefetch(false) : undefined },
  {
    path: '/guides',
    component: () => <HomePage showAll />,
    prefetch: import.meta.env.SSR ? homePrefetch(true) : undefined,
  },
  {
    path: '/guides/:slug',
    component: GuidePage,
    // The server warms the cache before rendering; the browser build leaves this out.
    prefetch: !import.meta.env.SSR
      ? undefined
      : async (deps, match) => {
          try {
            await deps.queryClient.fetchQuery(queries.guide(deps.api, match.params.slug ?? ''));
            return undefined;
          } catch {
            return { status: 404 };
          }
        },
  },
  ...COUNTRY_SLUGS.map((country) => ({
    path: paths.country(country),
    component: () => <CountryPage country={country} />,
    // The server warms the cache before rendering; the browser build leaves this out.
    prefetch: !import.meta.env.SSR
      ? undefined
      : async (deps: AppDeps, match: RouteMatch) => {
          const [, status] = await Promise.all([
            content(deps, countryContentKeys(country)),
            guideList(deps, { country, size: COUNTRY_PAGE_SIZE }, match.search),
          ]);
          return status;
        },
  })),
  ...STATIC_PAGES.map((page) => ({
    path: `/${page}`,
    component: () => (
      <Suspense fallback={pageFallback}>
        <StaticPage page={page} />
      </Suspense>
    ),
    // The server warms the cache before rendering; the browser build leaves this out.
    prefetch: !import.meta.env.SSR
      ? undefined
      : async (deps: AppDeps) => {
          await content(deps, staticContentKeys(page));
          // Imported here, not at the top: a static import would put it in every page's first script.
          if (page === 'privacy')
            await (await import('../storefront/pages/processor-list')).prefetchProcessors(deps);
          return undefined;
        },
  })),
  {
    path: '/checkout',
    component: () => (
      <Suspense fallback={pageFallback}>
        <CheckoutPage />
      </Suspense>
    ),
  },
  // "My guides": personal, read in the browser with its cookie; nothing to prefetch.
  ...Object.values(LIBRARY_PAGE_PATHS).map((path) => ({
    path,
    personal: true,
    component: () => (
      <Suspense fallback={pageFallback}>
        <LibraryPage />
      </Suspense>
    ),
  })),
  {
    path: '/order-confirmation/:id',
    personal: true,
    component: () => (
      <Suspense fallback={pageFallback}>
        <OrderPage />
      </Suspense>
    ),
    // The server warms the cache before rendering; the browser build leaves this out.
    prefetch: !import.meta.env.SSR
      ? undefined
      : async (deps, match) => {
          try {
            await deps.queryClient.fetchQuery(queries.order(deps.api, match.params.id ?? ''));
            return undefined;
          } catch {
            return { status: 404 };
          }
        },
  },
];

export const REDIRECTS: Record<string, string> = { '/admin': paths.admin('analytics') };

const ADMIN_PAGES = new Set(ADMIN_TABS.map((tab) => paths.admin(tab)));

/**
 * One of the dashboard's tabs; any other /admin/… address is the 404 page. Without
 * regard to case, as the router matches paths.
 */
const isAdminPage = (pathname: string) => ADMIN_PAGES.has(pathname.toLowerCase());

/**
 * The home page has no pages of its own: `/?page=N` without a search is page N of /guides, so an
 * old or made-up link lands on the guides it names instead of the home page's three again.
 */
function homePageRedirect(url: URL): string | undefined {
  if (url.pathname !== '/' || !url.searchParams.has('page') || searchTermFrom(url.searchParams))
    return undefined;
  const kept = new URLSearchParams();
  for (const name of ['sort', 'lang', 'page']) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  return `${paths.allGuides()}?${kept}`;
}

/**
 * What the server needs before rendering a URL: a redirect, or the status, whether the page is
 * personal (decided by the route that matched, so every spelling the router accepts is covered),
 * and the warmed cache. Unknown paths are 404 and render the not-found page.
 */
export async function prepareRoute(
  deps: AppDeps,
  url: URL,
  parser: Parameters<typeof matchRoute>[0],
): Promise<{ redirect: string } | { status: number; personal: boolean }> {
  const redirect = REDIRECTS[url.pathname] ?? homePageRedirect(url);
  if (redirect) return { redirect };
  if (isAdminPage(url.pathname)) return { status: 200, personal: true };
  await content(deps, LAYOUT_CONTENT_KEYS);
  for (const route of STOREFRONT_ROUTES) {
    const [matched, params] = matchRoute(parser, route.path, url.pathname);
    if (!matched) continue;
    const result = await route.prefetch?.(deps, { params: params ?? {}, search: url.searchParams });
    return { status: result?.status ?? 200, personal: route.personal === true };
  }
  return { status: 404, personal: false };
}

/** The whole app's routes, the same on the server and in the browser. */
export function AppRoutes() {
  return (
    <Switch>
      {Object.entries(REDIRECTS).map(([from, to]) => (
        <Route key={from} path={from}>
          <Redirect to={to} replace />
        </Route>
      ))}
      {ADMIN_TABS.map((tab) => (
        <Route key={tab} path={paths.admin(tab)} component={AdminEntry} />
      ))}
      <Route>
        <StorefrontLayout>
          <Switch>
            {STOREFRONT_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </StorefrontLayout>
      </Route>
    </Switch>
  );
}
