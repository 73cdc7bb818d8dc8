import type { GuideDetail } from '../../../shared/contracts/catalogue';
import { useI18n } from '../../i18n';

/**
 * A guide's two sizes and what each costs in mobile data: "Version complète : 12 Mo ≈
 * 15 FCFA de données", and the light edition's line when it has one, as the server wrote them in
 * the page's language. The order page says the same through EditionChoice.
 */
export function DownloadCost(props: { costs: GuideDetail['downloadCost'] }) {
  const { locale } = useI18n();
  const lines = props.costs[locale];
  if (!lines.full && !lines.light) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm text-stone-600" data-testid="download-cost">
      {lines.full ? <li>{lines.full}</li> : null}
      {lines.light ? <li>{lines.light}</li> : null}
    </ul>
  );
}
