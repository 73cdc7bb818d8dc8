import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { ResponseOf } from '../../../shared/contracts/endpoints/define';
import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { PaymentState } from '../../../shared/contracts/mobile-money';
import type { Order } from '../../../shared/contracts/orders';
import { displayPrice } from '../../../shared/money';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { formatFileSize } from '../../lib/format';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { queries } from '../../lib/queries';
import {
  mobileMoneyStatusKey,
  PayNowButton,
  ReceiptFallback,
  useMobileMoneyStatus,
} from '../checkout/automatic-payment';
import { purchaseMessages } from '../checkout/messages';
import { ReceiptUpload } from '../checkout/receipt-upload';

type DownloadLink = ResponseOf<typeof delivery.downloadLink>;

/** The order page: the email links here, and every visit mints fresh 15-minute download links. */
export default function OrderPage() {
  const { id = '' } = useParams<{ id: string }>();
  const api = useApi();
  const order = useQuery(queries.order(api, id));

  if (order.isError) return <OrderNotFound />;
  if (!order.data) return <div className="min-h-[60vh]" />;
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: Order }) {
  const api = useApi();
  const { locale } = useI18n();
  const t = useMessages(purchaseMessages);
  const [busy, setBusy] = useState<string | null>(null);
  // A payment confirmed while the shopper watched: the page changed under them, so focus its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const watchedItComplete = useRef(order.status !== 'completed');
  useEffect(() => {
    if (order.status !== 'completed' || !watchedItComplete.current) return;
    watchedItComplete.current = false;
    heading.current?.focus();
  }, [order.status]);

  const start = async (key: string, mintLink: () => Promise<DownloadLink>) => {
    setBusy(key);
    try {
      const link = await mintLink();
      toast({
        title: t('toast.downloadStarted'),
        description: t('toast.downloadStartedText', { file: link.fileName }),
      });
      // The file is sent as an attachment: the browser downloads it and the page stays.
      window.location.assign(link.downloadUrl);
    } catch (error) {
      toast({
        title: t('toast.downloadError'),
        description: (error instanceof ApiError && error.serverMessage) || t('toast.downloadErrorText'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const file = (guideId: string, which?: 'secondary') => () =>
    api.call(delivery.downloadLink, { params: { orderId: order.id, guideId }, query: { file: which } });
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Head title={t('meta.order.title')} description={t('order.linkNote')} noindex />
      {order.status === 'completed' ? (
        <>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-teal-900 outline-none">
            {t('order.complete')}
          </h1>
          <p className="mt-2 font-semibold">{t('order.number', { number: order.orderNumber })}</p>
          <p className="mt-1 text-sm text-stone-600">{t('order.sentTo', { email: order.email })}</p>
          <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {order.items.map((item) => (
              <li key={item.id} className="space-y-3 p-4">
                <div className="flex items-center gap-3">
                  <span className="rounded bg-red-700 px-2 py-1 text-xs font-bold text-white">PDF</span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold" lang={item.guide.locale}>
                      {item.guide.title}
                    </p>
                    <p className="text-sm text-stone-500">{formatFileSize(item.guide.fileSize, locale)}</p>
                  </div>
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => start(item.id, file(item.guide.id))}
                    data-track="download"
                    data-guide-id={item.guide.id}
                    className="h-10 shrink-0 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
                  >
                    {t('order.download')}
                  </button>
                </div>
                {item.guide.hasSecondary ? (
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => start(`${item.id}-secondary`, file(item.guide.id, 'secondary'))}
                    data-track="download"
                    data-guide-id={item.guide.id}
                    className="text-sm text-teal-800 underline"
                  >
                    {t('order.secondary')} — {t('order.download')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              disabled={busy !== null}
              onClick={() =>
                start('zip', () => api.call(delivery.zipLink, { params: { orderId: order.id } }))
              }
              data-track="download"
              className="h-11 rounded-md bg-amber-500 px-5 font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-60"
            >
              {t('order.downloadAll')}
            </button>
            <Link
              href={paths.home()}
              className="h-11 rounded-md border border-stone-300 px-5 text-center leading-11 font-semibold hover:bg-stone-50"
            >
              {t('order.continue')}
            </Link>
          </div>
          <p className="mt-4 text-xs text-stone-500">{t('order.linkNote')}</p>
        </>
      ) : order.paymentMethod === 'djamo' &&
        (order.status === 'pending' || order.status === 'pending_verification') ? (
        <MobileMoneyPending order={order} />
      ) : (
        <div data-order-status={order.status}>
          <h1 className="text-2xl font-bold">{t(closedTexts(order.status).title)}</h1>
          <p className="mt-2 font-semibold">{t('order.number', { number: order.orderNumber })}</p>
          <p className="mt-3 text-stone-700">{t(closedTexts(order.status).text)}</p>
          <p className="mt-3 text-sm text-stone-500">{displayPrice(order.total, locale)}</p>
          {order.status === 'expired' ? (
            <Link
              href={paths.home()}
              className="mt-6 inline-block h-11 rounded-md bg-teal-800 px-5 leading-11 font-semibold text-white hover:bg-teal-700"
            >
              {t('order.continue')}
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** What an order that is not (or no longer) waiting for the shopper says: rejected, expired, or being checked. */
function closedTexts(status: Order['status']) {
  if (status === 'rejected') return { title: 'order.rejectedTitle', text: 'order.rejectedText' } as const;
  if (status === 'expired') return { title: 'order.expiredTitle', text: 'order.expiredText' } as const;
  return { title: 'order.pendingTitle', text: 'order.pendingText' } as const;
}

/**
 * An undecided mobile-money order. With automatic payment (issue 10) the page asks the shop how the
 * payment stands — every few seconds while it is waiting — and turns into the download page as soon
 * as it is confirmed, without a reload; 'Pay now' comes first and the receipt is the fallback.
 * Without it, the reference and the receipt form, as before.
 */
function MobileMoneyPending({ order }: { order: Order }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  const payment = useMobileMoneyStatus(order.id, true);
  const now = payment.data;
  // Confirmed (or decided by the operator, or a receipt arrived): show the order as it now is.
  const moved = now !== undefined && now.status !== order.status;
  const paidText = t('order.paidToast');
  useEffect(() => {
    if (!moved) return;
    if (now.status === 'completed') toast({ title: paidText });
    void queryClient.invalidateQueries({ queryKey: ['order', order.id] });
  }, [moved, now?.status, order.id, queryClient, paidText]);

  if (payment.isPending) return <div className="min-h-[60vh]" aria-busy="true" />;
  const state = now?.automaticAvailable ? now.paymentState : 'manual';
  // A receipt already waits for the operator: no second payment is offered, only the one under way.
  const offerPayment = order.status === 'pending' && (state === 'none' || state === 'failed');
  const failed = state === 'failed' && order.status === 'pending';
  return (
    <div data-payment-state={state}>
      <h1 className="text-2xl font-bold">{t(pendingTitle(state, order.status))}</h1>
      <p className="mt-2 font-semibold">{t('order.number', { number: order.orderNumber })}</p>
      <p className="mt-1 text-sm text-stone-500">{displayPrice(order.total, locale)}</p>
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
          {t('order.failedText')}
        </p>
      ) : order.status !== 'pending' && state !== 'review' ? (
        // Only once a receipt came: before it, nothing is being checked (issue 17 §6).
        <p className="mt-3 text-stone-700">{t('order.pendingText')}</p>
      ) : null}
      {state === 'manual' ? (
        <MobileMoneyReceipt order={order} />
      ) : (
        <div className="mt-5 space-y-4">
          {offerPayment ? (
            <div className="space-y-3 rounded-lg bg-amber-50 p-4">
              {state === 'none' ? (
                <p className="text-sm text-stone-800">
                  {t('mm.autoText', { amount: displayPrice(order.total, locale) })}
                </p>
              ) : null}
              <PayNowButton orderId={order.id} label={failed ? 'mm.payAgain' : 'mm.payNow'} />
            </div>
          ) : state === 'waiting' ? (
            <PayNowButton orderId={order.id} label="mm.resume" variant="secondary" />
          ) : null}
          <ReceiptFallback>
            <MobileMoneyReceipt order={order} embedded />
          </ReceiptFallback>
        </div>
      )}
    </div>
  );
}

/** The heading of an undecided mobile-money order: the automatic payment's state first, then the order's. */
function pendingTitle(state: PaymentState | 'manual', status: Order['status']) {
  if (state === 'waiting') return 'order.confirmingTitle';
  if (state === 'review') return 'order.reviewTitle';
  if (status !== 'pending') return 'order.pendingTitle';
  return state === 'failed' ? 'order.failedTitle' : 'order.awaitingTitle';
}

/** A mobile-money order still waiting: its reference, and the receipt form (again, for a second receipt). */
function MobileMoneyReceipt({ order, embedded = false }: { order: Order; embedded?: boolean }) {
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
      {awaiting ? null : <p className="text-sm text-stone-600">{t('order.anotherReceipt')}</p>}
      <ReceiptUpload
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

function OrderNotFound() {
  const t = useMessages(purchaseMessages);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Head title={t('meta.order.title')} description={t('order.notFoundText')} noindex />
      <h1 className="text-2xl font-bold">{t('order.notFound')}</h1>
      <p className="mt-2 text-stone-600">{t('order.notFoundText')}</p>
      <Link
        href={paths.home()}
        className="mt-8 inline-block rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-700"
      >
        {t('order.backHome')}
      </Link>
      <ResendLinksForm />
    </section>
  );
}

/** Order number + email: the server answers the same whether or not they match. */
function ResendLinksForm() {
  const api = useApi();
  const t = useMessages(purchaseMessages);
  const [done, setDone] = useState(false);
  const [values, setValues] = useState({ orderNumber: '', email: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.call(delivery.resendLinks, { body: values });
      setDone(true);
    } catch (error) {
      toast({
        title: t('resend.title'),
        description: (error instanceof ApiError && error.serverMessage) || t('toast.orderErrorText'),
        variant: 'destructive',
      });
    }
  };
  return (
    <form
      onSubmit={submit}
      className="mt-12 space-y-3 rounded-xl border border-stone-200 bg-white p-5 text-left"
    >
      <h2 className="text-lg font-bold">{t('resend.title')}</h2>
      <p className="text-sm text-stone-600">{t('resend.text')}</p>
      {done ? (
        <p role="status" className="rounded-md bg-teal-50 p-3 text-sm text-teal-900">
          {t('resend.done')}
        </p>
      ) : (
        <>
          <label className="block text-sm font-medium">
            {t('resend.orderNumber')}
            <input
              name="orderNumber"
              required
              value={values.orderNumber}
              onChange={(e) => setValues((v) => ({ ...v, orderNumber: e.target.value }))}
              className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3 text-base uppercase"
            />
          </label>
          <label className="block text-sm font-medium">
            {t('checkout.email')}
            <input
              name="email"
              type="email"
              required
              value={values.email}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
              className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3 text-base"
            />
          </label>
          <button
            type="submit"
            className="h-11 w-full rounded-md bg-teal-800 font-semibold text-white hover:bg-teal-700"
          >
            {t('resend.submit')}
          </button>
        </>
      )}
    </form>
  );
}
