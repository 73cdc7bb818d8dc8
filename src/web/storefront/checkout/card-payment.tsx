import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../shared/contracts/orders';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import type { PaymentsConfig } from '../../lib/checkout-api';
import type { QueryResult } from '../../lib/use-query';
import { declineMessageKey } from './checkout-errors';
import { clientSecretFor, rememberClientSecret } from './claim-secrets';
import { purchaseMessages } from './messages';
import type { StripePayment } from './stripe-payment';
import { type TestCard, TestCardFields } from './test-card-fields';
import type { PlaceContext } from './use-purchase';

/** The card method: Stripe's Payment Element in live mode, the shop's test card form without keys. */
export function useCardPayment(config: QueryResult<PaymentsConfig>, total: number) {
  const { locale } = useI18n();
  const [card, setCard] = useState<TestCard>({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
  const [setupFailed, setSetupFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripePayment | null>(null);
  const [stripeReady, setStripeReady] = useState(false);
  // Stripe.js did not load (blocked, offline, too slow): said, with a button that loads it again.
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const live = config.data !== undefined && !config.data.testMode;

  // Live mode: Stripe's Payment Element, mounted once the keys are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new loadAttempt is what loads Stripe.js again
  useEffect(() => {
    if (!live || !config.data?.publishableKey || !container.current || total <= 0) return;
    let cancelled = false;
    import('./stripe-payment')
      .then(({ mountStripePayment }) =>
        mountStripePayment(config.data?.publishableKey ?? '', total, container.current!, locale),
      )
      .then((payment) => {
        if (cancelled) payment.destroy();
        else {
          stripe.current = payment;
          setStripeReady(true);
        }
      })
      .catch((error: unknown) => {
        console.error('Stripe failed to load', error);
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      stripe.current?.destroy();
      stripe.current = null;
      setStripeReady(false);
    };
  }, [live, config.data, total, locale, loadAttempt]);

  const pay = (ctx: PlaceContext) =>
    payByCard(ctx, {
      config: config.data,
      live,
      stripe: stripe.current,
      cardNumber: card.number,
      setSetupFailed,
    });
  const reload = () => {
    setLoadFailed(false);
    setLoadAttempt((n) => n + 1);
  };
  return { card, setCard, setupFailed, loadFailed, reload, container, live, stripeReady, pay };
}

interface CardState {
  config: PaymentsConfig | undefined;
  live: boolean;
  stripe: StripePayment | null;
  cardNumber: string;
  setSetupFailed(failed: boolean): void;
}

async function payByCard(ctx: PlaceContext, state: CardState): Promise<void> {
  const { t } = ctx;
  if (!state.config || (state.live && !state.stripe)) {
    toast({
      title: t('toast.paymentError'),
      description: t('toast.paymentNotReady'),
      variant: 'destructive',
    });
    return;
  }
  try {
    await state.stripe?.submit();
  } catch (error) {
    // Stripe's Payment Element words its own refusals in the page's language (loaded with `locale`).
    toast({ title: t('toast.paymentFailed'), description: (error as Error).message, variant: 'destructive' });
    return;
  }
  const intent = await createIntent(ctx, state);
  if (!intent) return;
  // Kept before the card is confirmed: it is what claims the order if this answer is lost.
  if (intent.clientSecret) rememberClientSecret(intent.paymentIntentId, intent.clientSecret);
  const clientSecret = intent.clientSecret ?? clientSecretFor(intent.paymentIntentId);
  try {
    if (intent.alreadyPaid) {
      // The payment went through on an earlier try whose answer was lost: just place the order.
    } else if (intent.testMode) {
      await ctx.calls.confirmTestPayment({
        paymentIntentId: intent.paymentIntentId,
        cardNumber: state.cardNumber,
      });
    } else {
      await state.stripe?.confirm(clientSecret ?? '');
    }
  } catch (error) {
    // The test-mode form's decline, in the page's language (live mode's come worded by Stripe.js).
    const description =
      error instanceof ApiError ? t(declineMessageKey(error)) : error instanceof Error ? error.message : '';
    toast({ title: t('toast.paymentFailed'), description, variant: 'destructive' });
    return;
  }
  try {
    const { form, items, totalEuros, locale } = ctx;
    const placed = await ctx.calls.createCardOrder({
      ...form.customer,
      paymentIntentId: intent.paymentIntentId,
      clientSecret,
      items,
      total: totalEuros,
      locale,
    });
    if (ctx.settle(placed, 'toast.orderExists.text', intent.paymentIntentId))
      ctx.confirm(placed as Order, 'stripe');
  } catch (error) {
    if (ctx.form.showRefusedField(error)) return;
    toast({ title: t('toast.paymentError'), description: ctx.orderFailure(error), variant: 'destructive' });
  }
}

/** The payment intent, or undefined when it was refused (and the shopper told why). */
async function createIntent(ctx: PlaceContext, state: CardState) {
  const { t } = ctx;
  try {
    const intent = await ctx.calls.createPaymentIntent({
      amount: ctx.totalEuros,
      items: ctx.items,
      customer: ctx.form.customer,
      locale: ctx.locale,
      discountCode: ctx.discountCode,
    });
    state.setSetupFailed(false);
    return intent;
  } catch (error) {
    console.error('create-payment-intent failed', error);
    if (ctx.form.showRefusedField(error) || ctx.discountRefused(error)) return undefined;
    if (error instanceof ApiError && error.status === 429) {
      toast({ title: t('toast.paymentError'), description: t('toast.tooManyText'), variant: 'destructive' });
      return undefined;
    }
    // A deviation from the spec, which spins forever: say so and offer a retry.
    state.setSetupFailed(true);
    return undefined;
  }
}

/**
 * The card's part of the form. On the mobile-money tab (`hidden`) Stripe's element stays mounted,
 * hidden, so switching back does not load it again.
 */
export function CardFields(props: {
  payment: ReturnType<typeof useCardPayment>;
  config: QueryResult<PaymentsConfig>;
  hidden: boolean;
  onRetry(): void;
}) {
  const t = useMessages(purchaseMessages);
  const { payment, config, hidden } = props;
  return (
    <>
      {!hidden && config.data?.testMode ? (
        <TestCardFields value={payment.card} onChange={payment.setCard} />
      ) : null}
      {!hidden && payment.live && !payment.stripeReady && !payment.loadFailed ? <LoadingPayment /> : null}
      {payment.live ? <StripeContainer container={payment.container} hidden={hidden} /> : null}
      {!hidden && (payment.setupFailed || payment.loadFailed || config.isError) ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t('checkout.paymentSetupFailed')}{' '}
          <Button variant="link" onClick={() => retry(props)}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** While the payment form is being prepared (the config, then Stripe's Payment Element). */
export function LoadingPayment() {
  const t = useMessages(purchaseMessages);
  return (
    <p className="mt-6 flex items-center gap-3 text-sm text-stone-600" role="status">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-teal-800 border-t-transparent" />
      {t('checkout.loadingPayment')}
    </p>
  );
}

/** What "Try again" does: load the config, or Stripe.js, again, or place the purchase again. */
function retry(props: {
  payment: ReturnType<typeof useCardPayment>;
  config: QueryResult<PaymentsConfig>;
  onRetry(): void;
}) {
  if (props.config.isError) props.config.refetch();
  else if (props.payment.loadFailed) props.payment.reload();
  else props.onRetry();
}

function StripeContainer(props: { container: RefObject<HTMLDivElement | null>; hidden: boolean }) {
  return <div ref={props.container} className={props.hidden ? 'hidden' : 'min-h-32'} />;
}
