import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { Library, LibraryGuide } from '../../../shared/contracts/library';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { LightZipButton } from '../downloads/edition-choice';
import { OfflineSpace } from '../offline/saved-guide-actions';
import { InvoiceLinks, ReceiptLink } from '../receipts/receipt-link';
import { LibraryGuideRow } from './library-guide-row';
import { libraryMessages } from './library-messages';
import { useDownload } from './use-download';

/** The guides, one card per order (newest first, as the server lists them), each with its ZIP. */
function byOrder(guides: LibraryGuide[]): LibraryGuide[][] {
  const orders = new Map<string, LibraryGuide[]>();
  for (const guide of guides) orders.set(guide.orderId, [...(orders.get(guide.orderId) ?? []), guide]);
  return [...orders.values()];
}

export function LibraryView(props: {
  library: Library;
  onSignOut(everywhere: boolean): void;
  signingOut: boolean;
}) {
  const t = useMessages(libraryMessages);
  const download = useDownload();
  const orders = byOrder(props.library.guides);
  return (
    <>
      <p className="mt-2 break-words text-stone-600">{t('signedInAs', { email: props.library.email })}</p>
      {orders.length === 0 ? <p className="mt-6 text-stone-700">{t('empty')}</p> : null}
      {orders.map((guides) => (
        <OrderCard key={guides[0]!.orderId} guides={guides} download={download} />
      ))}
      <p className="mt-4 text-xs text-stone-500">{t('linkNote')}</p>
      <div className="mt-2">
        <OfflineSpace />
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          disabled={props.signingOut}
          className="h-11 px-5"
          onClick={() => props.onSignOut(false)}
        >
          {t('signOut')}
        </Button>
        <Button
          variant="danger"
          disabled={props.signingOut}
          className="h-11 px-5"
          onClick={() => props.onSignOut(true)}
        >
          {t('signOutEverywhere')}
        </Button>
      </div>
    </>
  );
}

/** One order of the library: its guides, its ZIP (and the light one), its receipt. */
function OrderCard({
  guides,
  download,
}: {
  guides: LibraryGuide[];
  download: ReturnType<typeof useDownload>;
}) {
  const api = useApi();
  const { locale } = useI18n();
  const t = useMessages(libraryMessages);
  const first = guides[0]!;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  return (
    <section className="mt-6 rounded-xl border border-stone-200 bg-white">
      <h2 className="border-b border-stone-200 px-4 py-3 text-sm font-semibold text-stone-700">
        {t('order', { number: first.orderNumber, date: date.format(new Date(first.orderedAt)) })}
      </h2>
      <ul className="divide-y divide-stone-200">
        {guides.map((guide) => (
          <LibraryGuideRow key={guide.guideId} guide={guide} download={download} />
        ))}
      </ul>
      <div className="flex flex-col gap-2 border-t border-stone-200 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6 sm:gap-y-3">
        <Button
          variant="secondary"
          disabled={download.busy !== null}
          className="h-10 w-full shrink-0 px-4 text-sm sm:w-auto"
          onClick={() =>
            download.run(`${first.orderId}/zip`, () =>
              api.call(delivery.zipLink, { params: { orderId: first.orderId } }),
            )
          }
        >
          {t('zip')}
        </Button>
        <LightZipButton
          orderId={first.orderId}
          guides={guides}
          disabled={download.busy !== null}
          start={download.run}
        />
        <ReceiptLink order={{ id: first.orderId }} label={t('receipt')} />
        {first.hasInvoice ? (
          <InvoiceLinks
            order={{ id: first.orderId }}
            invoiceLabel={t('invoice')}
            creditNoteLabel={() => ''}
          />
        ) : null}
      </div>
    </section>
  );
}
