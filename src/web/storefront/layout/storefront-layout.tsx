import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useApi } from '../../app/deps';
import { useI18n } from '../../i18n';
import { queries } from '../../lib/queries';
import { useCart } from '../cart/cart-context';
import { CartDrawer } from '../cart/cart-drawer';
import { Footer } from './footer';
import { Header } from './header';

export const LAYOUT_CONTENT_KEYS = 'announcement';

export function StorefrontLayout() {
  const api = useApi();
  const { locale } = useI18n();
  const [cartOpen, setCartOpen] = useState(false);
  const { count, ready } = useCart();
  const lastCount = useRef<number | null>(null);

  // Spec: the drawer opens whenever the item count rises (not when the stored cart is first restored).
  useEffect(() => {
    if (!ready) return;
    if (lastCount.current !== null && count > lastCount.current) setCartOpen(true);
    lastCount.current = count;
  }, [count, ready]);
  const content = useQuery({
    ...queries.content(api, locale, LAYOUT_CONTENT_KEYS),
    placeholderData: (prev) => prev,
  });

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <Header announcement={content.data?.announcement?.value} onOpenCart={() => setCartOpen(true)} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
    </div>
  );
}
