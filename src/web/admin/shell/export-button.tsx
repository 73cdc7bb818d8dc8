import { useState } from 'react';
import type { Route } from '../../../shared/contracts/endpoints/define';
import { toast } from '../../components/ui/toast';
import { urlOf } from '../../lib/api';
import { adminOpen } from '../auth/admin-session';
import { saveAnswer } from './save-answer';

/** Downloads a declared CSV export under the name the server gives it (Emails and Customers tabs). */
export function ExportButton(props: { endpoint: Route; label: string; done: string; fallbackName: string }) {
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await saveAnswer(await adminOpen(urlOf(props.endpoint)), props.fallbackName);
      toast({ title: props.done });
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <button
      type="button"
      disabled={exporting}
      onClick={exportList}
      className="h-9 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
    >
      {exporting ? 'Exporting…' : props.label}
    </button>
  );
}
