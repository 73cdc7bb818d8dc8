import { centsToDecimal, displayPrice } from '../../../shared/money';
import { Button, buttonClass } from '../../components/ui/button';
import { CoverThumb } from '../../components/ui/cover-thumb';
import { CloseIcon } from '../../components/ui/icons';
import { useModalDialog } from '../../components/ui/modal';
import { useI18n } from '../../i18n';
import { paths } from '../../lib/paths';
import { useCart } from './cart-context';
import type { CartItem } from './cart-rules';

/** The cart as a side drawer (spec: no cart page). A native <dialog> gives focus trapping and Escape. */
export function CartDrawer(props: { open: boolean; onClose(): void }) {
  const { t, locale } = useI18n();
  const cart = useCart();
  const dialog = useModalDialog(props.open);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is handled by <dialog>
    <dialog
      ref={dialog}
      onClose={props.onClose}
      onClick={(event) => {
        if (event.target === dialog.current) props.onClose();
      }}
      aria-labelledby="cart-title"
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-sm bg-white p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 p-4">
          <h2 id="cart-title" className="text-lg font-bold">
            {t('cart.title')}
          </h2>
          <button
            type="button"
            onClick={props.onClose}
            aria-label={t('cart.close')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-stone-100"
          >
            <CloseIcon />
          </button>
        </div>
        {cart.items.length === 0 ? (
          <p className="flex-1 p-8 text-center text-stone-600">{t('cart.empty')}</p>
        ) : (
          <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto">
            {cart.items.map(({ guide, quantity }) => (
              <CartLine key={guide.id} guide={guide} quantity={quantity} />
            ))}
          </ul>
        )}
        <div className="space-y-3 border-t border-stone-200 p-4">
          {cart.items.length > 0 ? (
            <p className="flex justify-between font-semibold">
              <span>{t('cart.total')}</span>
              <span>{displayPrice(centsToDecimal(cart.totalCents), locale)}</span>
            </p>
          ) : null}
          {cart.items.length > 0 ? (
            // A full page load on purpose: the checkout document is the only one whose
            // Content-Security-Policy lets Stripe.js in (server/http/security-headers.ts).
            <a
              href={paths.checkout()}
              className={buttonClass('primary', 'block h-11 text-center leading-11')}
            >
              {t('cart.checkout')}
            </a>
          ) : null}
          <Button variant="secondary" onClick={props.onClose} className="h-11 w-full">
            {t('cart.continue')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** One guide in the cart: cover, title, price, quantity buttons and a remove link. */
function CartLine(props: CartItem) {
  const { guide, quantity } = props;
  const { t, locale } = useI18n();
  const cart = useCart();
  return (
    <li className="flex gap-3 p-4">
      <CoverThumb src={guide.imageUrl} emptyClass="bg-teal-800" />
      <div className="flex flex-1 flex-col gap-1">
        <p className="text-sm leading-snug font-semibold">{guide.title}</p>
        <p className="text-sm text-teal-800">{displayPrice(guide.price, locale)}</p>
        <div className="mt-1 flex items-center gap-2">
          <button
            type="button"
            onClick={() => cart.setQuantity(guide.id, quantity - 1)}
            aria-label={t('cart.decrease')}
            className="h-8 w-8 rounded border border-stone-300 hover:bg-stone-100"
          >
            −
          </button>
          <span className="min-w-6 text-center text-sm" aria-live="polite">
            {quantity}
          </span>
          <button
            type="button"
            onClick={() => cart.setQuantity(guide.id, quantity + 1)}
            aria-label={t('cart.increase')}
            className="h-8 w-8 rounded border border-stone-300 hover:bg-stone-100"
          >
            +
          </button>
          <button
            type="button"
            onClick={() => cart.remove(guide.id)}
            className="ml-auto text-sm text-red-700 hover:underline"
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}
