import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { centsToDecimal, formatPrice, toCents } from '../../../shared/money';
import { track } from '../../analytics/track';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { useQuery } from '../../lib/use-query';
import { TaxAndInvoiceFields } from './business-fields';
import { CardFields, LoadingPayment, useCardPayment } from './card-payment';
import { ConfirmationDialog } from './confirmation-dialog';
import { CustomerFields } from './customer-fields';
import { DiscountField } from './discount-field';
import { getFreeGuides } from './free-order';
import { purchaseMessages } from './messages';
import { MobileMoneyDialog } from './mobile-money-dialog';
import { MobileMoneyNote, payByMobileMoney } from './mobile-money-payment';
import { OrderSummary } from './order-summary';
import { useCartAvailability } from './use-cart-availability';
import { useCheckoutForm } from './use-checkout-form';
import { type PurchaseMessage, usePurchase } from './use-purchase';
import { MessageChoices } from './whatsapp-opt-in';

type Method = 'stripe' | 'djamo';

/** The checkout: the shopper's details, then the method (card, mobile money, or nothing to pay) places the order. */
export default function CheckoutPage() {
  const { locale } = useI18n();
  const t = useMessages(purchaseMessages);
  const form = useCheckoutForm();
  const purchase = usePurchase(form, locale);
  const { cart, bought, total } = purchase;
  const [method, setMethod] = useState<Method>('stripe');
  const [processing, setProcessing] = useState(false);
  useCartAvailability();
  const free = (bought?.items ?? cart.items).length > 0 && total === 0;
  const mobile = method === 'djamo' && !free;
  const config = useQuery({
    queryKey: ['checkout-config'],
    queryFn: purchase.context.calls.config,
    enabled: !free,
    staleTime: Infinity,
  });
  const card = useCardPayment(config, total);
  const paymentReady = free || (config.isSuccess && (!card.live || card.stripeReady));

  const place = async () => {
    track('purchase_started', { meta: { method: free ? 'free' : method, total: total / 100 } });
    setProcessing(true);
    try {
      const ctx = purchase.context;
      await (free
        ? getFreeGuides(ctx)
        : mobile
          ? payByMobileMoney(ctx, purchase.setMobileOrder)
          : card.pay(ctx));
    } finally {
      setProcessing(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) await place();
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <CheckoutHeading free={free} />
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2">
        <CheckoutSummary purchase={purchase} />
        <div className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-xl font-bold">
            {free ? t('checkout.contactInfo') : t('checkout.paymentInfo')}
          </h2>
          {!free ? <MethodTabs method={method} onChange={setMethod} /> : null}
          <div {...(free ? {} : PAYMENT_PANEL(method))}>
            {!mobile && !free && config.isPending ? (
              <LoadingPayment />
            ) : (
              <form onSubmit={submit} noValidate className="mt-4 space-y-4">
                <CustomerFields form={form} />
                <TaxAndInvoiceFields form={form} quote={purchase.tax} />
                <MessageChoices form={form} calls={purchase.context.calls} />
                {!free ? <CardFields payment={card} config={config} hidden={mobile} onRetry={place} /> : null}
                {mobile ? <MobileMoneyNote config={config.data} /> : null}
                <PlaceButton
                  disabled={processing || bought !== null || (!mobile && !paymentReady)}
                  label={submitLabel(t, {
                    bought: bought !== null,
                    processing,
                    free,
                    mobile,
                    amount: formatPrice(centsToDecimal(total), locale),
                  })}
                  note={mobile ? t('mm.verify') : free ? t('checkout.freeNote') : t('checkout.secureNote')}
                />
              </form>
            )}
          </div>
        </div>
      </div>
      <PurchaseDialogs purchase={purchase} />
    </section>
  );
}

/** The cart, or what was bought, with the promo code's line and, until the order is placed, its field. */
function CheckoutSummary({ purchase }: { purchase: ReturnType<typeof usePurchase> }) {
  const { bought, cart, total, tax } = purchase;
  const applied = bought ? bought.discount : purchase.discount.current;
  // A cart of free guides has nothing a code could take off: no field that can do nothing. Until the
  // cart is read (the server's page) the field keeps its room, so nothing below it moves under a tap.
  const nothingToDiscount = cart.ready && cart.items.every(({ guide }) => toCents(guide.price) === 0);
  return (
    <OrderSummary
      pending={!cart.ready && !bought}
      items={bought?.items ?? cart.items}
      totalCents={total}
      tax={tax ? { cents: tax.taxCents, label: tax.label, included: tax.pricesIncludeTax } : null}
      discount={applied ? { code: applied.code, cents: applied.discountCents } : null}
    >
      {bought === null && (applied || !nothingToDiscount) ? (
        <DiscountField discount={purchase.discount} disabled={!cart.ready} />
      ) : null}
    </OrderSummary>
  );
}

function CheckoutHeading(props: { free: boolean }) {
  const t = useMessages(purchaseMessages);
  return (
    <>
      <Head
        title={t('meta.checkout.title')}
        description={t(props.free ? 'checkout.freeNote' : 'checkout.secureNote')}
        noindex
      />
      <Link href={paths.home()} className="text-sm text-teal-800 hover:underline">
        ← {t('checkout.back')}
      </Link>
      {/* spec: storefront §2, the title is 'Secure Checkout' whatever the cart costs */}
      <h1 className="mt-4 text-3xl font-bold">{t('checkout.title')}</h1>
      {props.free ? <p className="mt-1 text-lg text-stone-700">{t('checkout.titleFree')}</p> : null}
    </>
  );
}

const PANEL_ID = 'checkout-payment-panel';
const tabId = (method: Method) => `checkout-tab-${method}`;
/** The part the method tabs control: the form of the chosen method. */
const PAYMENT_PANEL = (method: Method) => ({
  role: 'tabpanel',
  id: PANEL_ID,
  'aria-labelledby': tabId(method),
});

function MethodTabs(props: { method: Method; onChange(method: Method): void }) {
  const t = useMessages(purchaseMessages);
  return (
    <div
      role="tablist"
      onKeyDown={(event) => {
        // Arrow keys move between the two tabs, as a tab list does.
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const other = props.method === 'stripe' ? 'djamo' : 'stripe';
        props.onChange(other);
        document.getElementById(tabId(other))?.focus();
      }}
      className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1 text-sm"
    >
      {(['stripe', 'djamo'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          id={tabId(m)}
          data-tap={tabId(m)}
          aria-controls={PANEL_ID}
          tabIndex={props.method === m ? 0 : -1}
          aria-selected={props.method === m}
          onClick={() => props.onChange(m)}
          className={`rounded-md px-3 py-2 font-semibold ${props.method === m ? 'bg-white shadow' : 'text-stone-600'}`}
        >
          {m === 'stripe' ? t('checkout.tabCard') : t('checkout.tabMobile')}
        </button>
      ))}
    </div>
  );
}

function PlaceButton(props: { disabled: boolean; label: string; note: string }) {
  return (
    <>
      <Button type="submit" variant="primary" disabled={props.disabled} className="h-12 w-full">
        {props.label}
      </Button>
      <p className="text-xs text-stone-500">{props.note}</p>
    </>
  );
}

/** What the submit button says: what it will do, what it is doing, or what it did. */
function submitLabel(
  t: PurchaseMessage,
  state: { bought: boolean; processing: boolean; free: boolean; mobile: boolean; amount: string },
): string {
  const { free, mobile, amount } = state;
  if (state.bought) {
    if (free) return t('checkout.gotFree');
    return t(mobile ? 'checkout.ordered' : 'checkout.paid', { amount });
  }
  if (state.processing) return t('checkout.processing');
  if (free) return t('checkout.getFree');
  return mobile ? t('checkout.placeMobile') : t('checkout.pay', { amount });
}

/** The confirmation of a card or free order, and the mobile-money order's payment instructions. */
function PurchaseDialogs(props: { purchase: ReturnType<typeof usePurchase> }) {
  const { purchase } = props;
  return (
    <>
      <ConfirmationDialog
        order={purchase.order}
        onClose={() => {
          purchase.setOrder(null);
          purchase.navigate(paths.home());
        }}
      />
      <MobileMoneyDialog
        placed={purchase.mobileOrder}
        onClose={() => {
          // The order page shows the reference and takes the payment proof until it is sent.
          const id = purchase.mobileOrder?.order.id;
          purchase.setMobileOrder(null);
          purchase.navigate(id ? paths.order(id) : paths.home());
        }}
      />
    </>
  );
}
