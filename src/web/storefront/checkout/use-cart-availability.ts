import { useEffect, useRef } from 'react';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useCart } from '../cart/cart-context';
import { purchaseMessages } from './messages';

/**
 * A stored cart may hold guides that are no longer sold or whose price changed: check once against
 * the server, drop the first (saying so) and update the second.
 */
export function useCartAvailability(): void {
  const api = useApi();
  const cart = useCart();
  const t = useMessages(purchaseMessages);
  const checked = useRef(false);

  useEffect(() => {
    if (!cart.ready || checked.current || cart.items.length === 0) return;
    checked.current = true;
    const ids = cart.items.map((i) => i.guide.id);
    queries
      .availability(api, ids.join(','))
      .then((available) => {
        const byId = new Map(available.map((a) => [a.id, a]));
        const gone = cart.items.filter((i) => !byId.has(i.guide.id));
        for (const item of gone) cart.remove(item.guide.id);
        for (const item of cart.items) {
          const current = byId.get(item.guide.id);
          if (current && current.price !== String(item.guide.price))
            cart.updateGuide({ ...item.guide, price: current.price });
        }
        if (gone.length > 0) {
          toast({ title: t('checkout.removedItems', { titles: gone.map((i) => i.guide.title).join(', ') }) });
        }
      })
      .catch(() => {
        // Offline: the server checks everything again when the order is placed.
      });
  }, [api, cart, t]);
}
