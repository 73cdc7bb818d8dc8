import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { Order } from '../../../shared/contracts/orders';
import { displayPrice } from '../../../shared/money';
import { KeepTogether } from '../../components/ui/keep-together';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { purchaseMessages } from '../checkout/messages';
import { OrderDiscount, OrderTaxLine } from '../checkout/order-discount';
import { OfflineOrder } from '../offline/offline-order';
import { registerOfflineApp } from '../offline/register-offline';
import { InvoiceLinks, ReceiptLink } from '../receipts/receipt-link';
import { MobileMoneyPending } from './mobile-money-pending';
import { CompletedOrder } from './order-completed';

/** The order page: the email links here, and every visit mints fresh 15-minute download links. */
export default function OrderPage() {
  const { id = '' } = useParams<{ id: string }>();
  const api = useApi();
  const { locale } = useI18n();
  const order = useQuery(queries.order(api, id));
  useEffect(() => {
    registerOfflineApp({ scope: '/order-confirmation/', startUrl: paths.order(id), locale });
  }, [id, locale]);

  // No network (the service worker served the page's shell, and asking for the order failed
  // without an answer from the shop): the guides kept on this phone.
  // (A failure rendered by the server, such as an unknown order's 404, is the shop's answer: the
  // query cache tells the two apart.)
  if (!order.data && order.isNetworkError) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <OfflineOrder orderId={id} onRetry={() => void order.refetch()} />
      </section>
    );
  }
  if (order.isError) return <OrderNotFound />;
  if (!order.data) return <div className="min-h-[60vh]" />;
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: Order }) {
  const t = useMessages(purchaseMessages);
  // A payment confirmed while the shopper watched: the page changed under them, so focus its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const watchedItComplete = useRef(order.status !== 'completed');
  useEffect(() => {
    if (order.status !== 'completed' || !watchedItComplete.current) return;
    watchedItComplete.current = false;
    heading.current?.focus();
  }, [order.status]);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Head title={t('meta.order.title')} description={t('order.linkNote')} noindex />
      {order.status === 'completed' && !order.accessRevoked ? (
        <CompletedOrder order={order} heading={heading} />
      ) : order.paymentMethod === 'djamo' &&
        (order.status === 'pending' || order.status === 'pending_verification') ? (
        <MobileMoneyPending order={order} />
      ) : (
        <ClosedOrder order={order} />
      )}
    </section>
  );
}

/** An order that is not (or no longer) waiting for the shopper: rejected, expired, or being checked. */
function ClosedOrder({ order }: { order: Order }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  return (
    <div data-order-status={order.status}>
      <h1 className="text-2xl font-bold">{t(closedTexts(order).title)}</h1>
      <p className="mt-2 font-semibold">
        <KeepTogether text={t('order.number', { number: order.orderNumber })} part={order.orderNumber} />
      </p>
      <p className="mt-3 text-stone-700">{t(closedTexts(order).text)}</p>
      <p className="mt-3 text-sm text-stone-500">{displayPrice(order.total, locale)}</p>
      <OrderDiscount order={order} />
      <OrderTaxLine order={order} />
      {/* Paid, then refunded or its access revoked: the money still has its receipt. */}
      {order.status === 'completed' ? (
        <div className="mt-4">
          <ReceiptLink order={order} label={t('order.receipt')} />
          {order.invoiceNumber ? (
            <InvoiceLinks
              order={order}
              invoiceLabel={t('order.invoice', { number: order.invoiceNumber })}
              creditNoteLabel={(number) => t('order.creditNote', { number })}
            />
          ) : null}
        </div>
      ) : null}
      {order.status === 'expired' ? (
        <Link
          href={paths.home()}
          className="mt-6 inline-block h-11 rounded-md bg-teal-800 px-5 leading-11 font-semibold text-white hover:bg-teal-700"
        >
          {t('order.continue')}
        </Link>
      ) : null}
    </div>
  );
}

/** What an order without downloads says: access revoked by the shop, rejected, expired, or being checked. */
function closedTexts({ status, accessRevoked }: Order) {
  if (accessRevoked) return { title: 'order.revokedTitle', text: 'order.revokedText' } as const;
  if (status === 'rejected') return { title: 'order.rejectedTitle', text: 'order.rejectedText' } as const;
  if (status === 'expired') return { title: 'order.expiredTitle', text: 'order.expiredText' } as const;
  return { title: 'order.pendingTitle', text: 'order.pendingText' } as const;
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
