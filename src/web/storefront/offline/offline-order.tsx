import { useEffect, useState } from 'react';
import { isLocale, LOCALE_STORAGE_KEY, type Locale } from '../../../shared/locale';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { offlineMessages } from './messages';
import { type SavedGuide, savedGuides } from './offline-shelf';
import { OfflineSpace, SavedGuideActions } from './saved-guide-actions';
import { SHELF_CHANGED } from './use-file-download';

/**
 * The order page or the library without a network: the service worker served the page's shell, the
 * order (or the library) cannot be asked for, and the guides kept on this phone are listed and open
 * from it: the order's, or every one when no `orderId` is given (the library).
 */
export function OfflineOrder({ orderId, onRetry }: { orderId?: string; onRetry(): void }) {
  const t = useMessages(offlineMessages);
  const { locale, setLocale } = useI18n();
  useShellLanguage(locale, setLocale);
  const [guides, setGuides] = useState<SavedGuide[] | null>(null);
  useEffect(() => {
    const read = () => void savedGuides(orderId).then(setGuides, () => setGuides([]));
    read();
    window.addEventListener(SHELF_CHANGED, read);
    return () => window.removeEventListener(SHELF_CHANGED, read);
  }, [orderId]);
  return (
    <div data-offline-order>
      <h1 className="text-2xl font-bold">{t('offline.title')}</h1>
      <p className="mt-2 text-stone-700">{t('offline.text')}</p>
      <h2 className="mt-6 font-semibold">{t('offline.listTitle')}</h2>
      {guides && guides.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t(orderId ? 'offline.none' : 'offline.noneAtAll')}</p>
      ) : null}
      <ul className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {(guides ?? []).map((guide) => (
          <li key={guide.key} className="space-y-2 p-4">
            <p className="font-semibold" lang={locale}>
              {guide.title}
            </p>
            <SavedGuideActions guide={guide} />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex items-center justify-between gap-3">
        <OfflineSpace />
        <button
          type="button"
          onClick={onRetry}
          className="h-10 rounded-md border border-stone-300 px-4 text-sm font-semibold"
        >
          {t('offline.retry')}
        </button>
      </div>
    </div>
  );
}

/**
 * The offline shell is not rendered by the server, so it starts in French: switch to the language
 * the buyer chose (kept in the cookie and localStorage by the app), here rather than in every page's
 * first load.
 */
function useShellLanguage(locale: Locale, setLocale: (next: Locale) => void) {
  useEffect(() => {
    const cookie = document.cookie
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([name]) => name === LOCALE_STORAGE_KEY)?.[1];
    let stored: string | null | undefined = cookie;
    try {
      stored ??= localStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
      // storage disabled
    }
    if (isLocale(stored) && stored !== locale) setLocale(stored);
  }, [locale, setLocale]);
}
