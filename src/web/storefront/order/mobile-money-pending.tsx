import { useEffect } from 'react';
import type { PaymentState } from '../../../shared/contracts/mobile-money';
import type { Order } from '../../../shared/contracts/orders';
import { displayPrice } from '../../../shared/money';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useQueryClient } from '../../lib/use-query';
import {
  mobileMoneyStatusKey,
  PayNowButton,
  ProofFallback,
  useMobileMoneyStatus,
} from '../checkout/automatic-payment';
import { purchaseMessages } from '../checkout/messages';
import { OrderDiscount, OrderTaxLine } from '../checkout/order-discount';
import { ProofUpload } from '../checkout/proof-upload';

/**
 * An undecided mobile-money order. With automatic payment the page asks the shop how the
 * payment stands — every few seconds while it is waiting — and turns into the download page as soon
 * as it is confirmed, without a reload; 'Pay now' comes first and the payment proof is the fallback.
 * Without it, the reference and the payment proof form, as before.
 */
export function MobileMoneyPending({ order }: { order: Order }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  const payment = useMobileMoneyStatus(order.id, true);
  const now = payment.data;
  // Confirmed (or decided by the operator, or a payment proof arrived): show the order as it now is.
  const moved = now !== undefined && now.status !== order.status;
  const paidText = t('order.paidToast');
  useEffect(() => {
    if (!moved) return;
    if (now.status === 'completed') toast({ title: paidText });
    void queryClient.invalidateQueries({ queryKey: ['order', order.id] });
  }, [moved, now?.status, order.id, queryClient, paidText]);

  if (payment.isPending) return <div className="min-h-[60vh]" aria-busy="true" />;
  const wave = now?.waveAvailable === true;
  const cinetpay = now?.automaticAvailable === true;
  const state = cinetpay || wave ? (now?.paymentState ?? 'manual') : 'manual';
  // A payment proof already waits for the operator: no second payment is offered, only the one under way.
  const offerPayment = order.status === 'pending' && (state === 'none' || state === 'failed');
  const failed = state === 'failed' && order.status === 'pending';
  return (
    <div data-payment-state={state}>
      <h1 className="text-2xl font-bold">{t(pendingTitle(state, order.status))}</h1>
      <p className="mt-2 font-semibold">{t('order.number', { number: order.orderNumber })}</p>
      <p className="mt-1 text-sm text-stone-500">{displayPrice(order.total, locale)}</p>
      <OrderDiscount order={order} />
      <OrderTaxLine order={order} />
      {/* Always there, so that what appears in it is announced. */}
      <div role="status">
        {state === 'waiting' ? (
          <div className="mt-5 flex items-start gap-3 rounded-lg bg-teal-50 p-4 text-teal-950">
            <span className="mt-0.5 h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-teal-800 border-t-transparent" />
            <p className="text-sm">{t('order.confirmingText')}</p>
          </div>
        ) : state === 'review' ? (
          <p className="mt-5 rounded-lg bg-amber-50 p-4 text-sm text-amber-950">{t('order.reviewText')}</p>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t(now?.attempt === 'wave' ? 'order.failedTextWave' : 'order.failedText')}
        </p>
      ) : order.status !== 'pending' && state !== 'review' ? (
        // Only once a payment proof came: before it, nothing is being checked.
        <p className="mt-3 text-stone-700">{t('order.pendingText')}</p>
      ) : null}
      {state === 'manual' ? (
        <MobileMoneyProof order={order} />
      ) : (
        <div className="mt-5 space-y-4">
          <PaymentOffers
            order={order}
            state={state}
            offer={offerPayment}
            failed={failed}
            wave={wave}
            cinetpay={cinetpay}
            attempt={now?.attempt ?? null}
          />
          <ProofFallback>
            <MobileMoneyProof order={order} embedded />
          </ProofFallback>
        </div>
      )}
    </div>
  );
}

/** The ways to pay still open: Wave first (docs/features/wave.md), then CinetPay; or resume the attempt under way. */
function PaymentOffers(props: {
  order: Order;
  state: PaymentState | 'manual';
  offer: boolean;
  failed: boolean;
  wave: boolean;
  cinetpay: boolean;
  attempt: 'wave' | 'cinetpay' | null;
}) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  return (
    <>
      {props.offer && props.wave ? (
        // Wave first (docs/features/wave.md), then CinetPay, then the payment proof.
        <div className="space-y-3 rounded-lg bg-sky-50 p-4">
          {props.state === 'none' ? (
            <p className="text-sm text-stone-800">
              {t('mm.waveText', { amount: displayPrice(props.order.total, locale) })}
            </p>
          ) : null}
          <PayNowButton
            orderId={props.order.id}
            label={props.failed && props.attempt === 'wave' ? 'mm.payWaveAgain' : 'mm.payWave'}
            via="wave"
          />
        </div>
      ) : null}
      {props.offer && props.cinetpay ? (
        <div className="space-y-3 rounded-lg bg-amber-50 p-4">
          {props.state === 'none' || props.wave ? (
            <p className="text-sm text-stone-800">
              {props.wave
                ? t('mm.otherWallet')
                : t('mm.autoText', { amount: displayPrice(props.order.total, locale) })}
            </p>
          ) : null}
          <PayNowButton
            orderId={props.order.id}
            label={props.failed && props.attempt !== 'wave' ? 'mm.payAgain' : 'mm.payNow'}
            variant={props.wave ? 'secondary' : 'primary'}
          />
        </div>
      ) : null}
      {props.state === 'waiting' && props.attempt === 'wave' ? (
        <PayNowButton orderId={props.order.id} label="mm.resumeWave" variant="secondary" via="wave" />
      ) : props.state === 'waiting' && props.cinetpay ? (
        <PayNowButton orderId={props.order.id} label="mm.resume" variant="secondary" />
      ) : null}
    </>
  );
}

/** The heading of an undecided mobile-money order: the automatic payment's state first, then the order's. */
function pendingTitle(state: PaymentState | 'manual', status: Order['status']) {
  if (state === 'waiting') return 'order.confirmingTitle';
  if (state === 'review') return 'order.reviewTitle';
  if (status !== 'pending') return 'order.pendingTitle';
  return state === 'failed' ? 'order.failedTitle' : 'order.awaitingTitle';
}

/** A mobile-money order still waiting: its reference, and the payment proof form (again, for a second payment proof). */
function MobileMoneyProof({ order, embedded = false }: { order: Order; embedded?: boolean }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  const api = useApi();
  const awaiting = order.status === 'pending';
  return (
    <div
      className={embedded ? 'space-y-4' : 'mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5'}
    >
      {awaiting ? (
        <p className="text-sm text-stone-700">
          {t('order.awaitingText', { amount: displayPrice(order.total, locale) })}
        </p>
      ) : null}
      {awaiting && order.mobileMoneyPayment ? <HowToPay payment={order.mobileMoneyPayment} /> : null}
      {order.djamoReference ? (
        <div>
          <p className="text-sm font-medium">{t('order.reference')}</p>
          <p className="mt-1 rounded-md border border-dashed border-stone-400 bg-stone-50 px-3 py-2 text-center font-mono text-lg font-bold tracking-widest select-all">
            {order.djamoReference}
          </p>
        </div>
      ) : null}
      {awaiting ? null : <p className="text-sm text-stone-600">{t('order.anotherProof')}</p>}
      <ProofUpload
        orderId={order.id}
        providers={order.mobileMoneyPayment?.providers}
        onSent={() =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: queries.order(api, order.id).queryKey }),
            queryClient.invalidateQueries({ queryKey: mobileMoneyStatusKey(order.id) }),
          ])
        }
      />
    </div>
  );
}

/** The wallet's payment page and the wallets it takes, for an order nobody has paid yet. */
function HowToPay({ payment }: { payment: NonNullable<Order['mobileMoneyPayment']> }) {
  const t = useMessages(purchaseMessages);
  return (
    <div>
      <a
        href={payment.paymentUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="block h-11 rounded-md bg-amber-500 text-center leading-11 font-semibold text-stone-950 hover:bg-amber-400"
      >
        {t('mm.openLink')} ↗
      </a>
      <p className="mt-3 text-xs text-stone-600">{t('mm.providers')}</p>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t('mm.providers')}>
        {payment.providers.map((provider) => (
          <li key={provider} className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium">
            {provider}
          </li>
        ))}
      </ul>
    </div>
  );
}
