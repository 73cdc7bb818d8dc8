import { useState } from 'react';
import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { LibraryGuide } from '../../../shared/contracts/library';
import { CoverThumb } from '../../components/ui/cover-thumb';
import { useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { type Edition, EditionChoice } from '../downloads/edition-choice';
import { EditionLine } from '../downloads/edition-line';
import { FileDownload } from '../offline/file-download';
import { fileKey } from '../offline/file-key';
import { ReviewForm } from '../reviews/review-form';
import { libraryMessages } from './library-messages';
import type { useDownload } from './use-download';

/**
 * One guide of the library: its cover and title, the light or full choice with sizes and data cost,
 * the edition line (and the edition bought when a newer one came out), and the downloads: resumable,
 * Save for offline, with the same components and storage keys as the order page.
 */
export function LibraryGuideRow(props: { guide: LibraryGuide; download: ReturnType<typeof useDownload> }) {
  const { guide, download } = props;
  const api = useApi();
  const t = useMessages(libraryMessages);
  const [edition, setEdition] = useState<Edition>('full');
  // The edition chosen applies to the guide itself; a companion is always sent whole.
  const mint = (file?: 'secondary') => () =>
    api.call(delivery.downloadLink, {
      params: { orderId: guide.orderId, guideId: guide.guideId },
      query: { file, variant: file ? 'full' : edition },
    });
  return (
    <li className="space-y-3 p-4" data-guide-id={guide.guideId}>
      <div className="flex items-center gap-3">
        <CoverThumb src={guide.imageUrl} emptyClass="bg-teal-100" lazy />
        <p className="min-w-0 flex-1 font-semibold break-words" lang={guide.guideLocale}>
          {guide.title}
        </p>
      </div>
      <EditionChoice guide={guide} value={edition} onChange={setEdition} />
      <EditionLine
        orderId={guide.orderId}
        guideId={guide.guideId}
        busy={download.busy !== null}
        start={download.run}
      />
      <FileDownload
        key={edition}
        storageKey={fileKey(guide.orderId, guide.guideId, 'primary', edition)}
        fetchLink={mint()}
        orderId={guide.orderId}
        title={guide.title}
        size={edition === 'light' ? guide.lightFileSize : guide.fileSize}
        label={t('download')}
        guideId={guide.guideId}
        offline
      />
      {guide.hasSecondary ? (
        <FileDownload
          storageKey={fileKey(guide.orderId, guide.guideId, 'secondary')}
          fetchLink={mint('secondary')}
          orderId={guide.orderId}
          title={`${guide.title} — ${t('companion')}`}
          label={`${t('companion')} — ${t('download')}`}
          guideId={guide.guideId}
          variant="link"
        />
      ) : null}
      <ReviewForm orderId={guide.orderId} guideId={guide.guideId} title={guide.title} />
    </li>
  );
}
