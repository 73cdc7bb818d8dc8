import { type RefObject, useState } from 'react';
import { Link } from 'wouter';
import type { ResponseOf } from '../../../shared/contracts/endpoints/define';
import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { Order } from '../../../shared/contracts/orders';
import { KeepTogether } from '../../components/ui/keep-together';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { paths } from '../../lib/paths';
import { purchaseMessages } from '../checkout/messages';
import { OrderTaxLine } from '../checkout/order-discount';
import { type Edition, EditionChoice, LightZipButton } from '../downloads/edition-choice';
import { EditionLine } from '../downloads/edition-line';
import { FileDownload } from '../offline/file-download';
import { fileKey } from '../offline/file-key';
import { OfflineSpace } from '../offline/saved-guide-actions';
import { InvoiceLinks, ReceiptLink } from '../receipts/receipt-link';
import { OrderReviews } from '../reviews/order-reviews';
import { InvoiceBusiness } from './invoice-business';
import { LibraryLink } from './library-link';

type DownloadLink = ResponseOf<typeof delivery.downloadLink>;

/**
 * A download by a freshly minted link (the ZIP, an earlier edition): the browser takes the file as an
 * attachment and the page stays. The ZIP is made for each request (no byte ranges): it stays a
 * plain link (DEVIATIONS 116).
 */
function useLinkDownload() {
  const t = useMessages(purchaseMessages);
  const [busy, setBusy] = useState<string | null>(null);

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

  return { busy, start };
}

/** A paid order: each guide's download (and its second file), the whole order as a zip. */
export function CompletedOrder({
  order,
  heading,
}: {
  order: Order;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const api = useApi();
  const t = useMessages(purchaseMessages);
  const { busy, start } = useLinkDownload();

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-teal-900 outline-none">
        {t('order.complete')}
      </h1>
      <p className="mt-2 font-semibold">
        <KeepTogether text={t('order.number', { number: order.orderNumber })} part={order.orderNumber} />
      </p>
      <p className="mt-1 text-sm text-stone-600">{t('order.sentTo', { email: order.email })}</p>
      <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {order.items.map((item) => (
          <GuideDownload key={item.id} orderId={order.id} item={item} busy={busy !== null} start={start} />
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => start('zip', () => api.call(delivery.zipLink, { params: { orderId: order.id } }))}
          data-tap="download-zip"
          data-track="download"
          className="h-11 rounded-md bg-amber-500 px-5 font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-60"
        >
          {t('order.downloadAll')}
        </button>
        <LightZipButton
          orderId={order.id}
          guides={order.items.map((item) => item.guide)}
          disabled={busy !== null}
          start={start}
        />
        <Link
          href={paths.home()}
          className="h-11 rounded-md border border-stone-300 px-5 text-center leading-11 font-semibold hover:bg-stone-50"
        >
          {t('order.continue')}
        </Link>
      </div>
      <OrderReviews order={order} />
      <div className="mt-4">
        <OrderTaxLine order={order} />
        <ReceiptLink order={order} label={t('order.receipt')} />
        {order.invoiceNumber ? (
          <div className="flex flex-wrap gap-x-6">
            <InvoiceLinks
              order={order}
              invoiceLabel={t('order.invoice', { number: order.invoiceNumber })}
              creditNoteLabel={(number) => t('order.creditNote', { number })}
            />
          </div>
        ) : null}
        {order.invoiceNumber && order.creditNotes.length === 0 ? <InvoiceBusiness order={order} /> : null}
      </div>
      <p className="mt-2 text-xs text-stone-500">{t('order.linkNote')}</p>
      <div className="mt-2">
        <OfflineSpace />
      </div>
      <LibraryLink />
    </>
  );
}

/** One guide of a paid order: its download and Save for offline, and its second file's download. */
function GuideDownload(props: {
  orderId: string;
  item: Order['items'][number];
  busy: boolean;
  start(key: string, mintLink: () => Promise<DownloadLink>): Promise<void>;
}) {
  const { item } = props;
  const api = useApi();
  const t = useMessages(purchaseMessages);
  const [edition, setEdition] = useState<Edition>('full');
  // The edition chosen applies to the guide itself; a companion is always sent whole.
  const file = (which?: 'secondary') => () =>
    api.call(delivery.downloadLink, {
      params: { orderId: props.orderId, guideId: item.guide.id },
      query: { file: which, variant: which ? 'full' : edition },
    });
  return (
    <li className="space-y-3 p-4">
      <div className="flex items-center gap-3">
        <span className="rounded bg-red-700 px-2 py-1 text-xs font-bold text-white">PDF</span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold" lang={item.guide.locale}>
            {item.guide.title}
          </p>
        </div>
      </div>
      <EditionChoice guide={item.guide} value={edition} onChange={setEdition} />
      <EditionLine orderId={props.orderId} guideId={item.guide.id} busy={props.busy} start={props.start} />
      <FileDownload
        key={edition}
        storageKey={fileKey(props.orderId, item.guide.id, 'primary', edition)}
        fetchLink={file()}
        orderId={props.orderId}
        title={item.guide.title}
        size={edition === 'light' ? (item.guide.lightFileSize ?? undefined) : item.guide.fileSize}
        label={t('order.download')}
        guideId={item.guide.id}
        offline
      />
      {item.guide.hasSecondary ? (
        <FileDownload
          storageKey={fileKey(props.orderId, item.guide.id, 'secondary')}
          fetchLink={file('secondary')}
          orderId={props.orderId}
          title={`${item.guide.title} — ${t('order.secondary')}`}
          label={`${t('order.secondary')} — ${t('order.download')}`}
          guideId={item.guide.id}
          variant="link"
        />
      ) : null}
    </li>
  );
}
