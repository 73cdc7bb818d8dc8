import { useState } from 'react';
import type { ResponseOf } from '../../../shared/contracts/endpoints/define';
import type * as delivery from '../../../shared/contracts/endpoints/delivery';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { libraryMessages } from './library-messages';

type Minted = ResponseOf<typeof delivery.downloadLink>;

/**
 * One download at a time: mint a fresh 15-minute link through the order's download service, then
 * let the browser fetch the attachment (the page stays). `busy` names the one under way.
 */
export function useDownload() {
  const t = useMessages(libraryMessages);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, mint: () => Promise<Minted>) => {
    if (busy) return;
    setBusy(key);
    try {
      const { downloadUrl, fileName } = await mint();
      toast({ title: t('downloadStarted', { file: fileName }) });
      window.location.assign(downloadUrl);
    } catch (error) {
      const said = error instanceof ApiError ? error.serverMessage : '';
      toast({ title: t('downloadError'), description: said || undefined, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
