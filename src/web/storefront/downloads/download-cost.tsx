import { type DataPriceRegion, downloadCostLines } from '../../../shared/data-cost';
import { useI18n } from '../../i18n';

/**
 * A guide's two sizes and what each costs in mobile data (issue 20): "Version complète : 12 Mo ≈
 * 15 FCFA de données", and the light edition's line when it has one. Shown on the guide page; the
 * order page and the library say the same through EditionChoice.
 */
export function DownloadCost(props: {
  fullBytes: number | null;
  lightBytes: number | null;
  region: DataPriceRegion;
  className?: string;
}) {
  const { locale } = useI18n();
  const lines = downloadCostLines(props, props.region, locale);
  if (!lines.full && !lines.light) return null;
  return (
    <ul className={props.className ?? 'mt-3 space-y-1 text-sm text-stone-600'} data-testid="download-cost">
      {lines.full ? <li>{lines.full}</li> : null}
      {lines.light ? <li>{lines.light}</li> : null}
    </ul>
  );
}
