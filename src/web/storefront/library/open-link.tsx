import { useState } from 'react';
import * as library from '../../../shared/contracts/endpoints/library';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { libraryMessages } from './library-messages';

export type LinkRefusal = 'link.used' | 'link.expired' | 'link.invalid';

const REFUSALS: Record<string, LinkRefusal> = {
  link_used: 'link.used',
  link_expired: 'link.expired',
  link_invalid: 'link.invalid',
};

/**
 * The emailed link opens this, and only a tap signs in: a mail scanner fetching the address (or
 * even running its script) does not spend the single-use link.
 */
export function OpenLink(props: {
  token: string;
  onSignedIn(): void;
  onRefused(refusal: LinkRefusal): void;
}) {
  const api = useApi();
  const t = useMessages(libraryMessages);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await api.call(library.openSession, { body: { token: props.token } });
      props.onSignedIn();
    } catch (error) {
      props.onRefused((error instanceof ApiError && REFUSALS[error.code ?? '']) || 'link.invalid');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{t('link.title')}</h2>
      <p className="mt-2 text-stone-700">{t('link.intro')}</p>
      <Button variant="primary" disabled={busy} onClick={open} className="mt-4 h-11 w-full px-5 sm:w-auto">
        {t('link.open')}
      </Button>
    </div>
  );
}
