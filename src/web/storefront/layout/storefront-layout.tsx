import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { isLocale } from '../../../shared/locale';
import { useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { useCart } from '../cart/cart-context';
import { Footer } from './footer';
import { Header } from './header';

export const LAYOUT_CONTENT_KEYS = 'announcement';

// The drawer's code loads the first time the cart opens (its button, a guide added), not with the page.
const CartDrawer = lazy(() =>
  import('../cart/cart-drawer').then((module) => ({ default: module.CartDrawer })),
);

export function StorefrontLayout(props: { children: ReactNode }) {
  const api = useApi();
  const { locale, setLocale } = useI18n();
  const [searchParams] = useSearchParams();
  const langParam = searchParams.get('lang');

  // A link to ?lang=en (a guide's translation, a shared link) switches the language in the browser
  // too, as the server does for a first load.
  useEffect(() => {
    if (isLocale(langParam) && langParam !== locale) setLocale(langParam);
  }, [langParam, locale, setLocale]);
  const [cartOpen, setCartOpenState] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const setCartOpen = useCallback((open: boolean) => {
    if (open) setDrawerMounted(true);
    setCartOpenState(open);
  }, []);
  const [location] = useLocation();

  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  const { count, ready } = useCart();
  const lastCount = useRef<number | null>(null);

  // Spec: the drawer opens whenever the item count rises (not when the stored cart is first restored).
  useEffect(() => {
    if (!ready) return;
    if (lastCount.current !== null && count > lastCount.current) setCartOpen(true);
    lastCount.current = count;
  }, [count, ready, setCartOpen]);
  const content = useQuery({
    ...queries.content(api, locale, LAYOUT_CONTENT_KEYS),
    placeholderData: (prev) => prev,
  });

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <Header announcement={content.data?.announcement?.value} onOpenCart={() => setCartOpen(true)} />
      <main id="main" className="flex-1">
        {props.children}
      </main>
      <Footer />
      {drawerMounted ? (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
