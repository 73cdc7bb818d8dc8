import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { COUNTRY_SLUGS } from '../../shared/countries';
import { AdminEntry } from '../admin/admin-entry';
import { queries } from '../lib/queries';
import { GuidePage } from '../storefront/catalogue/guide-page';
import { CheckoutPage } from '../storefront/checkout/checkout-page';
import { CountryPage, countryContentKeys } from '../storefront/country/country-page';
import { HOME_CONTENT_KEYS, HomePage, searchTermFrom } from '../storefront/home/home-page';
import { LAYOUT_CONTENT_KEYS, StorefrontLayout } from '../storefront/layout/storefront-layout';
import { NotFoundPage } from '../storefront/not-found/not-found-page';
import { OrderPage } from '../storefront/order/order-page';
import { STATIC_PAGES, StaticPage, staticContentKeys } from '../storefront/pages/static-page';
import type { AppDeps } from './deps';

export const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * The route table for server and client. Loaders only warm the query cache, so a page renders
 * complete on the server and the client hydrates from the same cache.
 */
export function createRoutes(deps: AppDeps): RouteObject[] {
  const { api, queryClient } = deps;
  const content = (keys: string) => queryClient.ensureQueryData(queries.content(api, deps.getLocale(), keys));
  const homeLoader = async ({ request }: LoaderFunctionArgs) => {
    const term = searchTermFrom(new URL(request.url).searchParams);
    await Promise.all([
      content(HOME_CONTENT_KEYS),
      queryClient.ensureQueryData(queries.guides(api, deps.getLocale(), term || undefined)),
    ]);
    return null;
  };

  return [
    {
      id: 'storefront',
      element: <StorefrontLayout />,
      loader: async () => {
        await content(LAYOUT_CONTENT_KEYS);
        return null;
      },
      children: [
        { index: true, element: <HomePage />, loader: homeLoader },
        { path: 'guides', element: <HomePage showAll />, loader: homeLoader },
        {
          path: 'guides/:slug',
          element: <GuidePage />,
          loader: async ({ params }) => {
            // A missing guide renders the 404 page with status 404.
            try {
              await queryClient.ensureQueryData(queries.guide(api, params.slug ?? ''));
            } catch {
              throw new Response(null, { status: 404 });
            }
            return null;
          },
          errorElement: <NotFoundPage />,
        },
        ...COUNTRY_SLUGS.map((country) => ({
          path: country,
          element: <CountryPage country={country} />,
          loader: async () => {
            await Promise.all([
              content(countryContentKeys(country)),
              queryClient.ensureQueryData(queries.guides(api, deps.getLocale())),
            ]);
            return null;
          },
        })),
        ...STATIC_PAGES.map((page) => ({
          path: page,
          element: <StaticPage page={page} />,
          loader: async () => {
            await content(staticContentKeys(page));
            return null;
          },
        })),
        { path: 'checkout', element: <CheckoutPage /> },
        { path: 'order-confirmation/:id', element: <OrderPage /> },
        { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
      ],
    },
    { path: 'admin', loader: () => redirect('/admin/analytics') },
    { path: 'admin/:tab', element: <AdminEntry /> },
  ];
}
