import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { LibraryGuide } from '../../../shared/contracts/library';
import { CoverThumb } from '../../components/ui/cover-thumb';
import { useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { libraryMessages } from './library-messages';
import type { useDownload } from './use-download';

/**
 * One guide of the library: its cover, title and downloads. Small on purpose: the edition and the
 * receipt links of issue 19's other parts go here.
 */
export function LibraryGuideRow(props: { guide: LibraryGuide; download: ReturnType<typeof useDownload> }) {
  const { guide, download } = props;
  const api = useApi();
  const t = useMessages(libraryMessages);
  const key = `${guide.orderId}/${guide.guideId}`;
  const mint = (file?: 'secondary') => () =>
    api.call(delivery.downloadLink, {
      params: { orderId: guide.orderId, guideId: guide.guideId },
      query: { file },
    });
  return (
    <li className="flex flex-wrap items-center gap-3 p-4" data-guide-id={guide.guideId}>
      <CoverThumb src={guide.imageUrl} emptyClass="bg-teal-100" lazy />
      <p className="min-w-0 flex-1 font-semibold break-words" lang={guide.guideLocale}>
        {guide.title}
      </p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
        <button
          type="button"
          disabled={download.busy !== null}
          onClick={() => download.run(key, mint())}
          data-track="download"
          className="h-10 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
        >
          {t('download')}
        </button>
        {guide.hasSecondary ? (
          <button
            type="button"
            disabled={download.busy !== null}
            onClick={() => download.run(`${key}/secondary`, mint('secondary'))}
            data-track="download"
            className="text-sm text-teal-800 underline"
          >
            {t('companion')} — {t('download')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
