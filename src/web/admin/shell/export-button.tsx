import { useState } from 'react';
import type { Route } from '../../../shared/contracts/endpoints/define';
import { buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { urlOf } from '../../lib/api';
import { adminOpen } from '../auth/admin-session';
import { showAdminError } from './admin-toast';
import { saveAnswer } from './save-answer';

/**
 * Downloads a declared CSV export (the server streams it) under the name the server gives it: the
 * Emails, Customers and Orders tabs; `query` carries the Orders tab's filters.
 */
export function ExportButton(props: {
  endpoint: Route;
  query?: object;
  label: string;
  done: string;
  fallbackName: string;
  variant?: 'admin' | 'outline';
}) {
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await saveAnswer(await adminOpen(urlOf(props.endpoint, { query: props.query })), props.fallbackName);
      toast({ title: props.done });
    } catch (error) {
      showAdminError(error, 'Export failed');
    } finally {
      setExporting(false);
    }
  };
  const size = props.variant === 'outline' ? 'min-h-11 px-4 font-semibold' : 'h-9 px-4';
  return (
    <button
      type="button"
      disabled={exporting}
      onClick={exportList}
      className={buttonClass(props.variant ?? 'admin', size)}
    >
      {exporting ? 'Exporting…' : props.label}
    </button>
  );
}
