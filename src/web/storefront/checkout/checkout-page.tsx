import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { centsToDecimal, formatPrice } from '../../../shared/money';
import { paths } from '../../app/paths';
import { useI18n } from '../../i18n';
import { Head } from '../../lib/head';
import { useCart } from '../cart/cart-context';

export function CheckoutPage() {
  const { t } = useI18n();
  const cart = useCart();
  const [, navigate] = useLocation();
  const [ready, setReady] = useState(false);

  // The cart lives in the browser: decide once it has been read (spec: empty cart → home).
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (ready && (cart.items.length === 0 || !Number.isFinite(cart.totalCents) || cart.totalCents < 0)) {
      navigate(paths.home(), { replace: true });
    }
  }, [ready, cart.items.length, cart.totalCents, navigate]);

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Head title={t('meta.checkout.title')} description={t('meta.home.description')} noindex />
      <Link href={paths.home()} className="text-sm text-teal-800 hover:underline">
        ← {t('checkout.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t('checkout.title')}</h1>
      <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {cart.items.map((item) => (
          <li key={item.guide.id} className="flex justify-between gap-4 p-4 text-sm">
            <span>
              {item.guide.title} × {item.quantity}
            </span>
            <span>
              {formatPrice(centsToDecimal(Math.round(Number(item.guide.price) * 100) * item.quantity))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
