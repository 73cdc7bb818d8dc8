import type { Locale } from '../../../shared/locale';
import type { Config } from '../../config';
import { forbidden } from '../../domain/errors';
import { createGeoLookup } from '../analytics/geo';
import type { OrderRow } from './delivery-order';

/** What a link of an order whose access the shop revoked answers, in the buyer's language. */
const ACCESS_REVOKED: Record<Locale, string> = {
  fr: 'L’accès aux guides de cette commande a été suspendu par la boutique. Contactez-nous en indiquant votre numéro de commande si vous pensez qu’il s’agit d’une erreur.',
  en: 'Access to this order’s guides has been suspended by the shop. Contact us with your order number if you think this is a mistake.',
};

export function assertAccessNotRevoked(order: OrderRow): void {
  if (order.accessRevokedAt) throw forbidden(ACCESS_REVOKED[order.locale], { code: 'access_revoked' });
}

/**
 * Where a served download is written down (the order's timeline): given by the composition root,
 * so downloads does not depend on the orders module (which depends on mail, which depends on us).
 */
export type DownloadRecorder = (
  orderId: string,
  download: { file: string; country: string | null },
) => Promise<void>;

export interface DownloadsRoutesOptions {
  recordDownload?: DownloadRecorder;
}

/** Records a served file with the country of the address it went to, as analytics places a visitor. */
export function downloadRecording(geoip: Config['analytics']['geoip'], record: DownloadRecorder | undefined) {
  const geo = createGeoLookup(geoip);
  return async (orderId: string, file: string, ip: string) => {
    if (record) await record(orderId, { file, country: geo(ip).country });
  };
}
