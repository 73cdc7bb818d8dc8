import type { ResponseOf } from '../../../shared/contracts/endpoints/define';
import * as delivery from '../../../shared/contracts/endpoints/delivery';
import * as editions from '../../../shared/contracts/endpoints/editions';
import { useI18n } from '../../i18n';
import { defineMessages, useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { endpointQuery } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { editionWords } from '../catalogue/edition-words';

type DownloadLink = ResponseOf<typeof delivery.downloadLink>;

const messages = defineMessages({
  fr: {
    line: '{label} — mise à jour le {date}',
    bought: 'Télécharger l’édition achetée ({label})',
  },
  en: {
    line: '{label} — updated {date}',
    bought: 'Download the edition you bought ({label})',
  },
});

/**
 * Under a guide of a paid order, on the order page and in the library: which edition the Download button gives, and the
 * edition bought, still downloadable, when a newer one has come out since.
 */
export function EditionLine(props: {
  orderId: string;
  guideId: string;
  busy: boolean;
  start(key: string, mintLink: () => Promise<DownloadLink>): Promise<void>;
}) {
  const api = useApi();
  const { locale } = useI18n();
  const t = useMessages(messages);
  // One request per order, shared by its guides' lines.
  const lines = useQuery(endpointQuery(api, editions.orderEditions, { params: { orderId: props.orderId } }));
  const line = lines.data?.find((entry) => entry.guideId === props.guideId);
  if (!line?.latest) return null;
  const { bought, latest } = line;
  return (
    <div className="text-sm text-stone-600" data-testid="order-edition">
      <p>{t('line', editionWords(latest, locale))}</p>
      {bought && bought.number !== latest.number ? (
        <button
          type="button"
          disabled={props.busy}
          onClick={() =>
            props.start(`${props.guideId}-edition-${bought.number}`, () =>
              api.call(delivery.downloadLink, {
                params: { orderId: props.orderId, guideId: props.guideId },
                query: { edition: bought.number },
              }),
            )
          }
          data-track="download"
          className="mt-1 text-teal-800 underline disabled:opacity-60"
        >
          {t('bought', editionWords(bought, locale))}
        </button>
      ) : null}
    </div>
  );
}
