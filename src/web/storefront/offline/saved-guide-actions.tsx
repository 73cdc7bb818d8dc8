import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { formatBytes, formatFileSize } from '../../lib/format';
import { offlineMessages } from './messages';
import { openSaved, removeSaved, type SavedGuide, storageEstimate } from './offline-shelf';
import { SHELF_CHANGED } from './use-file-download';

/** Opens a kept guide from the phone: a new tab on the PDF, or this one when tabs are refused. */
async function openFromPhone(guide: SavedGuide) {
  const file = await openSaved(guide.key);
  if (!file) return false;
  const url = URL.createObjectURL(new Blob([file], { type: 'application/pdf' }));
  if (!window.open(url, '_blank')) window.location.assign(url);
  return true;
}

/** A guide kept on this phone: its size, Open and Remove (which frees its space). */
export function SavedGuideActions({ guide }: { guide: SavedGuide }) {
  const t = useMessages(offlineMessages);
  const { locale } = useI18n();
  const size = formatFileSize(guide.size, locale);
  const remove = async () => {
    if (!(await removeSaved(guide.key))) return;
    window.dispatchEvent(new Event(SHELF_CHANGED));
    toast({ title: t('offline.removed', { size }) });
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-saved-guide={guide.key}>
      <span className="text-teal-900">{t('offline.saved', { size })}</span>
      <button
        type="button"
        onClick={() => void openFromPhone(guide)}
        className="font-semibold text-teal-800 underline"
      >
        {t('offline.open')}
      </button>
      <button type="button" onClick={() => void remove()} className="text-stone-600 underline">
        {t('offline.remove')}
      </button>
    </div>
  );
}

/** How much this site takes on the phone (the browser's estimate), kept up to date as guides come and go. */
export function OfflineSpace() {
  const t = useMessages(offlineMessages);
  const { locale } = useI18n();
  const [usage, setUsage] = useState<number | null>(null);
  useEffect(() => {
    const read = () => void storageEstimate().then((estimate) => setUsage(estimate?.usage ?? null));
    read();
    window.addEventListener(SHELF_CHANGED, read);
    return () => window.removeEventListener(SHELF_CHANGED, read);
  }, []);
  if (usage === null) return null;
  return (
    <p className="text-xs text-stone-500" data-offline-usage={usage}>
      {t('offline.usage', { usage: formatBytes(usage, locale) })}
    </p>
  );
}
