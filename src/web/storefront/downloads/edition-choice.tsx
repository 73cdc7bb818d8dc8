import { useId } from 'react';
import type { ResponseOf } from '../../../shared/contracts/endpoints/define';
import * as delivery from '../../../shared/contracts/endpoints/delivery';
import type { DataRegion } from '../../../shared/contracts/orders';
import { downloadCostLine, downloadCostLines } from '../../../shared/data-cost';
import { useI18n } from '../../i18n';
import { defineMessages, useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';

/**
 * The light editions on the order page and the library: each guide's two sizes and what
 * each costs in data, with a choice between them where the guide has a light edition, and a light
 * ZIP where any guide has one. How the file is then fetched is the page's business.
 */

export type Edition = 'full' | 'light';
/** What both pages know of a guide's file: the order's items and the library's rows carry it. */
export interface GuideSizes {
  fileSize: number | null;
  lightFileSize: number | null;
  dataRegion: DataRegion;
}

const messages = defineMessages({
  fr: {
    legend: 'Quelle version télécharger ?',
    lightZip: 'Tout télécharger en version légère (ZIP)',
  },
  en: {
    legend: 'Which edition to download?',
    lightZip: 'Download all, light editions (ZIP)',
  },
});

/** The size and cost line of a guide without a light edition; the choice of the two where it has one. */
export function EditionChoice(props: {
  guide: GuideSizes;
  value: Edition;
  onChange(edition: Edition): void;
}) {
  const { locale } = useI18n();
  const t = useMessages(messages);
  const name = useId();
  const { guide } = props;
  const lines = downloadCostLines(
    { fullBytes: guide.fileSize, lightBytes: guide.lightFileSize },
    guide.dataRegion,
    locale,
  );
  if (!lines.light) {
    return lines.full ? <p className="text-sm text-stone-500">{lines.full}</p> : null;
  }
  return (
    <fieldset className="space-y-1 text-sm" data-testid="edition-choice">
      <legend className="sr-only">{t('legend')}</legend>
      {(['light', 'full'] as const).map((edition) => (
        <label key={edition} className="flex min-h-8 items-center gap-2 text-stone-700">
          <input
            type="radio"
            name={name}
            value={edition}
            checked={props.value === edition}
            onChange={() => props.onChange(edition)}
            className="size-4 shrink-0 accent-teal-800"
          />
          <span>{lines[edition]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The light ZIP's button with its size and cost, shown when at least one guide has a light edition. */
export function LightZipButton(props: {
  orderId: string;
  guides: GuideSizes[];
  disabled: boolean;
  /** How the page starts a download from a freshly minted link (the ZIP is a plain link). */
  start(key: string, mintLink: () => Promise<ResponseOf<typeof delivery.zipLink>>): Promise<void>;
}) {
  const api = useApi();
  const { locale } = useI18n();
  const t = useMessages(messages);
  const { guides } = props;
  if (!guides.some((guide) => guide.lightFileSize)) return null;
  // The light ZIP has each guide's light edition, or its full PDF where there is none.
  const bytes = guides.map((guide) => guide.lightFileSize ?? guide.fileSize ?? 0);
  const cost = downloadCostLine('light', bytes, guides[0]!.dataRegion, locale);
  return (
    <button
      type="button"
      disabled={props.disabled}
      onClick={() =>
        props.start(`${props.orderId}/zip-light`, () =>
          api.call(delivery.zipLink, { params: { orderId: props.orderId }, query: { variant: 'light' } }),
        )
      }
      data-tap="download-zip-light"
      data-track="download"
      className="min-h-11 rounded-md border border-teal-800 px-5 py-1 text-left font-semibold text-teal-900 hover:bg-teal-50 disabled:opacity-60 sm:text-center"
    >
      {t('lightZip')}
      <span className="block text-xs font-normal text-stone-600">{cost}</span>
    </button>
  );
}
