import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { track } from '../../analytics/track';
import {
  addItem,
  type CartGuide,
  type CartItem,
  itemCount,
  removeItem,
  setQuantity,
  totalCents,
} from './cart-rules';

const STORAGE_KEY = 'cart';

interface CartValue {
  /** False until the stored cart has been read (always false during server rendering). */
  ready: boolean;
  items: CartItem[];
  count: number;
  totalCents: number;
  add(guide: CartGuide, quantity?: number): void;
  setQuantity(guideId: string, quantity: number): void;
  remove(guideId: string): void;
  /** Refreshes a guide's stored details (a price that changed since it was added). */
  updateGuide(guide: CartGuide): void;
  clear(): void;
}

const CartContext = createContext<CartValue | null>(null);

function readStoredCart(): CartItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (i): i is CartItem =>
            typeof i === 'object' &&
            i !== null &&
            typeof i.guide?.id === 'string' &&
            Number.isInteger(i.quantity),
        )
      : [];
  } catch {
    return [];
  }
}

/** The cart lives in the browser and survives reloads (a deviation: the spec's cart is lost on reload). */
export function CartProvider(props: { children: ReactNode }) {
  // Empty on the server and on the first client render, so hydration matches; filled right after.
  const [items, setItems] = useState<CartItem[]>([]);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    // A guide added before the stored cart was read (a tap replayed at hydration) joins it.
    setItems((added) => added.reduce((items, i) => addItem(items, i.guide, i.quantity), readStoredCart()));
    setLoaded(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setItems(readStoredCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (loaded) localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  }, [items, loaded]);

  const add = useCallback((guide: CartGuide, quantity?: number) => {
    setItems((c) => addItem(c, guide, quantity));
    track('add_to_cart', { guideId: guide.id, meta: { quantity: quantity ?? 1 } });
  }, []);
  const update = useCallback((id: string, q: number) => setItems((c) => setQuantity(c, id, q)), []);
  const remove = useCallback((id: string) => setItems((c) => removeItem(c, id)), []);
  const clear = useCallback(() => setItems([]), []);
  const updateGuide = useCallback(
    (guide: CartGuide) => setItems((c) => c.map((i) => (i.guide.id === guide.id ? { ...i, guide } : i))),
    [],
  );

  const value = useMemo(
    () => ({
      ready: loaded,
      items,
      count: itemCount(items),
      totalCents: totalCents(items),
      add,
      setQuantity: update,
      remove,
      updateGuide,
      clear,
    }),
    [loaded, items, add, update, remove, updateGuide, clear],
  );
  return <CartContext.Provider value={value}>{props.children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
