import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CreateMobileMoneyOrderResponse } from '../../../shared/contracts/mobile-money';
import type { Order } from '../../../shared/contracts/orders';
import { centsToDecimal, displayPrice, formatEuros, formatPrice, toCents } from '../../../shared/money';
import { track } from '../../analytics/track';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { checkoutApi, type OrderExists } from '../../lib/checkout-api';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { useCart } from '../cart/cart-context';
import type { CartItem } from '../cart/cart-rules';
import {
  CUSTOMER_FIELDS,
  type CustomerField,
  customerProblems,
  declineMessageKey,
  type FieldProblem,
  type FieldProblems,
  refusedField,
} from './checkout-errors';
import {
  checkoutClaimKey,
  clientSecretFor,
  forgetCheckoutClaims,
  rememberClientSecret,
} from './claim-secrets';
import { ConfirmationDialog } from './confirmation-dialog';
import { purchaseMessages } from './messages';
import { MobileMoneyDialog } from './mobile-money-dialog';
import type { StripePayment } from './stripe-payment';
import { TestCardFields } from './test-card-fields';
import { useCartAvailability } from './use-cart-availability';

type Method = 'stripe' | 'djamo';
type Field = CustomerField;

/** A field the server refused though the form's check passed (its rules moved on): the field's usual advice. */
const SERVER_REFUSAL: Record<Field, FieldProblem> = {
  email: 'email',
  firstName: 'invalid',
  lastName: 'invalid',
  mobile: 'mobile',
};

/** What was bought, kept on screen behind the confirmation once the cart is emptied (issue 17 item 9). */
interface Bought {
  items: CartItem[];
  totalCents: number;
}

export default function CheckoutPage() {
  const { locale } = useI18n();
  const t = useMessages(purchaseMessages);
  const api = useApi();
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  /** A 400 naming a field of the form is shown under that field (issue 17 item 2); true when it was. */
  const showRefusedField = (error: unknown): boolean => {
    const field = refusedField(error);
    if (!field) return false;
    setFieldProblems({ [field]: customerProblems(values)[field] ?? SERVER_REFUSAL[field] });
    document.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
    toast({
      title: t('toast.checkFields.title'),
      description: t('toast.checkFields.text'),
      variant: 'destructive',
    });
    return true;
  };
  // Floods (issue 15): a limit reached is told in the shopper's language, with what to do; never the server's English.
  const orderFailure = (error: unknown) =>
    error instanceof ApiError && error.status === 429 ? t('toast.tooManyText') : t('toast.orderErrorText');
  const calls = useMemo(() => checkoutApi(api), [api]);
  const cart = useCart();
  const [, navigate] = useLocation();
  const [method, setMethod] = useState<Method>('stripe');
  const [bought, setBought] = useState<Bought | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    firstName: '',
    lastName: '',
    mobile: '',
  });
  const [card, setCard] = useState({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
  const [processing, setProcessing] = useState(false);
  const [setupFailed, setSetupFailed] = useState(false);
  const [order, setOrder] = useState<Order | null>(null);
  const [mobileOrder, setMobileOrder] = useState<CreateMobileMoneyOrderResponse | null>(null);
  const completed = useRef(false);
  useCartAvailability();

  const total = bought?.totalCents ?? cart.totalCents;
  const free = (bought?.items ?? cart.items).length > 0 && total === 0;
  const mobile = method === 'djamo' && !free;
  const config = useQuery({
    queryKey: ['checkout-config'],
    queryFn: calls.config,
    enabled: !free,
    staleTime: Infinity,
  });
  const stripeContainer = useRef<HTMLDivElement>(null);
  const stripePayment = useRef<StripePayment | null>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const live = config.data !== undefined && !config.data.testMode;
  const paymentReady = free || (config.isSuccess && (!live || stripeReady));

  // Live mode: Stripe's Payment Element, mounted once the keys are known.
  useEffect(() => {
    if (!live || !config.data?.publishableKey || !stripeContainer.current || total <= 0) return;
    let cancelled = false;
    import('./stripe-payment')
      .then(({ mountStripePayment }) =>
        mountStripePayment(config.data.publishableKey ?? '', total, stripeContainer.current!, locale),
      )
      .then((payment) => {
        if (cancelled) payment.destroy();
        else {
          stripePayment.current = payment;
          setStripeReady(true);
        }
      })
      .catch((error: unknown) => console.error('Stripe failed to load', error));
    return () => {
      cancelled = true;
      stripePayment.current?.destroy();
      stripePayment.current = null;
      setStripeReady(false);
    };
  }, [live, config.data, total, locale]);

  // Spec: an empty cart (unless a purchase just completed) or a negative or non-numeric total goes home.
  useEffect(() => {
    if (!cart.ready || completed.current) return;
    if (cart.items.length === 0 || !Number.isFinite(total) || total < 0)
      navigate(paths.home(), { replace: true });
  }, [cart.ready, cart.items.length, total, navigate]);

  const items = cart.items.map((i) => ({ id: i.guide.id, quantity: i.quantity }));
  const customer = {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    mobile: values.mobile.trim(),
  };
  const totalEuros = total / 100;

  const finish = (created: Order | OrderExists, paymentIntentId?: string) => {
    completed.current = true;
    forgetCheckoutClaims(paymentIntentId);
    setBought({ items: cart.items, totalCents: cart.totalCents });
    cart.clear();
    if ('orderExists' in created) {
      // Placed earlier from a browser that no longer holds its claim: the links are in the buyer's inbox.
      toast({ title: t('toast.orderExists.title'), description: t('toast.orderExists.text') });
      navigate(paths.home());
      return;
    }
    track('purchase_completed', { meta: { method: free ? 'free' : method, total: totalEuros } });
    setOrder(created);
  };

  const payByCard = async () => {
    if (!config.data || (live && !stripePayment.current)) {
      toast({
        title: t('toast.paymentError'),
        description: t('toast.paymentNotReady'),
        variant: 'destructive',
      });
      return;
    }
    try {
      await stripePayment.current?.submit();
    } catch (error) {
      // Stripe's Payment Element words its own refusals in the page's language (loaded with `locale`).
      toast({
        title: t('toast.paymentFailed'),
        description: (error as Error).message,
        variant: 'destructive',
      });
      return;
    }
    let intent: Awaited<ReturnType<typeof calls.createPaymentIntent>>;
    try {
      intent = await calls.createPaymentIntent({ amount: totalEuros, items, customer, locale });
      setSetupFailed(false);
    } catch (error) {
      console.error('create-payment-intent failed', error);
      if (showRefusedField(error)) return;
      if (error instanceof ApiError && error.status === 429) {
        toast({
          title: t('toast.paymentError'),
          description: t('toast.tooManyText'),
          variant: 'destructive',
        });
        return;
      }
      // A deviation from the spec, which spins forever: say so and offer a retry.
      setSetupFailed(true);
      return;
    }
    // Kept before the card is confirmed: it is what claims the order if this answer is lost.
    if (intent.clientSecret) rememberClientSecret(intent.paymentIntentId, intent.clientSecret);
    const clientSecret = intent.clientSecret ?? clientSecretFor(intent.paymentIntentId);
    try {
      if (intent.alreadyPaid) {
        // The payment went through on an earlier try whose answer was lost: just place the order.
      } else if (intent.testMode) {
        await calls.confirmTestPayment({ paymentIntentId: intent.paymentIntentId, cardNumber: card.number });
      } else {
        await stripePayment.current?.confirm(clientSecret ?? '');
      }
    } catch (error) {
      // The test-mode form's decline, in the page's language (live mode's come worded by Stripe.js).
      const description =
        error instanceof ApiError ? t(declineMessageKey(error)) : error instanceof Error ? error.message : '';
      toast({ title: t('toast.paymentFailed'), description, variant: 'destructive' });
      return;
    }
    try {
      finish(
        await calls.createCardOrder({
          ...customer,
          paymentIntentId: intent.paymentIntentId,
          clientSecret,
          items,
          total: totalEuros,
          locale,
        }),
        intent.paymentIntentId,
      );
    } catch (error) {
      if (showRefusedField(error)) return;
      toast({
        title: t('toast.paymentError'),
        description: orderFailure(error),
        variant: 'destructive',
      });
    }
  };

  // Mobile money: the order waits as pending; the dialog says how to pay and takes the receipt.
  const payByMobileMoney = async () => {
    try {
      const placed = await api.send<CreateMobileMoneyOrderResponse | OrderExists>(
        'POST',
        '/api/create-djamo-order',
        { ...customer, items, total: totalEuros, locale, claimKey: checkoutClaimKey() },
      );
      completed.current = true;
      forgetCheckoutClaims();
      setBought({ items: cart.items, totalCents: cart.totalCents });
      cart.clear();
      if ('orderExists' in placed) {
        toast({ title: t('toast.orderExists.title'), description: t('toast.mobileOrderExists.text') });
        navigate(paths.home());
        return;
      }
      setMobileOrder(placed);
    } catch (error) {
      if (showRefusedField(error)) return;
      toast({
        title: t('toast.paymentError'),
        description: orderFailure(error),
        variant: 'destructive',
      });
    }
  };

  const getFreeGuides = async () => {
    try {
      finish(
        await calls.createFreeOrder({ ...customer, items, total: 0, locale, claimKey: checkoutClaimKey() }),
      );
    } catch (error) {
      if (showRefusedField(error)) return;
      toast({
        title: t('toast.orderError'),
        description: orderFailure(error),
        variant: 'destructive',
      });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own rules (shared/contracts/checkout.ts), told under each field in the page's language.
    const problems = customerProblems(values);
    setFieldProblems(problems);
    const first = CUSTOMER_FIELDS.find((f) => problems[f]);
    if (first) {
      document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      // The spec's toasts stay, the field messages say which field and what to do.
      const missing = Object.values(problems).includes('required');
      const [title, text] = missing
        ? (['toast.missingInfo.title', 'toast.missingInfo.text'] as const)
        : problems.mobile
          ? (['toast.invalidMobile.title', 'toast.invalidMobile.text'] as const)
          : (['toast.checkFields.title', 'toast.checkFields.text'] as const);
      toast({ title: t(title), description: t(text), variant: 'destructive' });
      return;
    }
    await place();
  };

  const place = async () => {
    track('purchase_started', { meta: { method: free ? 'free' : method, total: totalEuros } });
    setProcessing(true);
    try {
      await (free ? getFreeGuides() : mobile ? payByMobileMoney() : payByCard());
    } finally {
      setProcessing(false);
    }
  };

  const field = (name: Field, label: string, type: string, autoComplete: string) => {
    const problem = fieldProblems[name];
    return (
      <label className="block text-sm font-medium">
        {label}
        <input
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${name}-error` : undefined}
          onChange={(event) => {
            setValues((v) => ({ ...v, [name]: event.target.value }));
            setFieldProblems((p) => ({ ...p, [name]: undefined }));
          }}
          className={`mt-1 h-11 w-full scroll-mt-24 rounded-md border px-3 text-base ${problem ? 'border-red-600' : 'border-stone-300'}`}
        />
        {problem ? (
          <span id={`${name}-error`} role="alert" className="mt-1 block text-sm font-normal text-red-700">
            {t(`field.${problem}`)}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Head
        title={t('meta.checkout.title')}
        description={t(free ? 'checkout.freeNote' : 'checkout.secureNote')}
        noindex
      />
      <Link href={paths.home()} className="text-sm text-teal-800 hover:underline">
        ← {t('checkout.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t(free ? 'checkout.titleFree' : 'checkout.title')}</h1>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2">
        <OrderSummary items={bought?.items ?? cart.items} totalCents={total} />
        <div className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-xl font-bold">
            {free ? t('checkout.contactInfo') : t('checkout.paymentInfo')}
          </h2>
          {!free ? (
            <div role="tablist" className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1 text-sm">
              {(['stripe', 'djamo'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="tab"
                  aria-selected={method === m}
                  onClick={() => setMethod(m)}
                  className={`rounded-md px-3 py-2 font-semibold ${method === m ? 'bg-white shadow' : 'text-stone-600'}`}
                >
                  {m === 'stripe' ? t('checkout.tabCard') : t('checkout.tabMobile')}
                </button>
              ))}
            </div>
          ) : null}
          {!mobile && !paymentReady && !config.isError ? (
            <p className="mt-6 flex items-center gap-3 text-sm text-stone-600" role="status">
              <span className="h-5 w-5 animate-spin rounded-full border-2 border-teal-800 border-t-transparent" />
              {t('checkout.loadingPayment')}
            </p>
          ) : (
            <form onSubmit={submit} noValidate className="mt-4 space-y-4">
              {field('email', t('checkout.email'), 'email', 'email')}
              <div className="grid gap-4 sm:grid-cols-2">
                {field('firstName', t('checkout.firstName'), 'text', 'given-name')}
                {field('lastName', t('checkout.lastName'), 'text', 'family-name')}
              </div>
              {field('mobile', t('checkout.mobile'), 'tel', 'tel')}
              {!free && !mobile && config.data?.testMode ? (
                <TestCardFields value={card} onChange={setCard} />
              ) : null}
              {/* Hidden, not unmounted, on the mobile-money tab: Stripe's element stays mounted in it. */}
              {live && !free ? (
                <div ref={stripeContainer} className={mobile ? 'hidden' : 'min-h-32'} />
              ) : null}
              {mobile ? (
                <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                  {t(config.data?.automaticMobileMoney ? 'checkout.mobileNoteAuto' : 'checkout.mobileNote')}
                </p>
              ) : null}
              {!mobile && (setupFailed || config.isError) ? (
                <div
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                >
                  {t('checkout.paymentSetupFailed')}{' '}
                  <button
                    type="button"
                    onClick={() => (config.isError ? config.refetch() : place())}
                    className="font-semibold underline"
                  >
                    {t('checkout.retry')}
                  </button>
                </div>
              ) : null}
              <button
                type="submit"
                disabled={processing || bought !== null || (!mobile && !paymentReady)}
                className="h-12 w-full rounded-md bg-amber-500 font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-60"
              >
                {bought
                  ? free
                    ? t('checkout.gotFree')
                    : t(mobile ? 'checkout.ordered' : 'checkout.paid', {
                        amount: formatPrice(centsToDecimal(total), locale),
                      })
                  : processing
                    ? t('checkout.processing')
                    : free
                      ? t('checkout.getFree')
                      : mobile
                        ? t('checkout.placeMobile')
                        : t('checkout.pay', { amount: formatPrice(centsToDecimal(total), locale) })}
              </button>
              <p className="text-xs text-stone-500">
                {mobile ? t('mm.verify') : free ? t('checkout.freeNote') : t('checkout.secureNote')}
              </p>
            </form>
          )}
        </div>
      </div>
      <ConfirmationDialog
        order={order}
        onClose={() => {
          setOrder(null);
          navigate(paths.home());
        }}
      />
      <MobileMoneyDialog
        placed={mobileOrder}
        onClose={() => {
          // The order page shows the reference and takes the receipt until it is sent.
          const id = mobileOrder?.order.id;
          setMobileOrder(null);
          navigate(id ? paths.order(id) : paths.home());
        }}
      />
    </section>
  );
}

/** A price as the checkout shows it: "Gratuit" / "Free" for nothing to pay (issue 17 item 8). */
function usePrice() {
  const { locale } = useI18n();
  return (cents: number) => displayPrice(centsToDecimal(cents), locale);
}

function OrderSummary(props: { items: CartItem[]; totalCents: number }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const price = usePrice();
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 className="text-xl font-bold">{t('checkout.summary')}</h2>
      <ul className="mt-4 divide-y divide-stone-200">
        {props.items.map(({ guide, quantity }) => (
          <li key={guide.id} className="flex justify-between gap-4 py-3 text-sm">
            <span>
              {guide.title} <span className="text-stone-500">× {quantity}</span>
            </span>
            <span className="shrink-0 font-medium">{price(toCents(guide.price) * quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-stone-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>{t('checkout.subtotal')}</dt>
          <dd>{price(props.totalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t('checkout.tax')}</dt>
          <dd>{formatEuros(0, locale)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-base font-bold">
          <dt>{t('checkout.total')}</dt>
          {/* formatPrice already leads with the rounded FCFA amount (docs/DEVIATIONS.md) */}
          <dd className="text-right">{price(props.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
